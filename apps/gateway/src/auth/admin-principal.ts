/**
 * Who acts on the admin API or the console: the break-glass admin secret, a user signed in through
 * the organisation's identity provider (a console session), or a user's own admin token. Every
 * admin route decides what it allows from this value alone, and every audit line names it.
 */

/** A gateway-wide role, given by the identity provider's groups claim (`admin.oidc.roles`). */
export type GatewayRole = 'admin' | 'viewer';

/** A role inside one team, given by a membership stored in the database. */
export type TeamRole = 'team-admin' | 'member';

export interface TeamMembership {
  readonly teamId: string;
  readonly role: TeamRole;
}

export type PrincipalSource = 'admin-secret' | 'session' | 'user-token';

export interface AdminPrincipal {
  /** `admin secret`, or the identity provider's subject of the signed-in user. */
  readonly subject: string;
  readonly via: PrincipalSource;
  /** The gateway-wide role, when the user has one; team roles come from `teams`. */
  readonly role?: GatewayRole;
  readonly teams: readonly TeamMembership[];
}

/** The admin secret is the break-glass way in: a gateway admin. */
export const ADMIN_SECRET_PRINCIPAL: AdminPrincipal = Object.freeze({
  subject: 'admin secret',
  via: 'admin-secret',
  role: 'admin',
  teams: Object.freeze([]),
});

/** Where a signed-in subject's team memberships are read from (the teams store implements it). */
export interface MembershipSource {
  membershipsOf(subject: string): Promise<readonly TeamMembership[]>;
}
