import type { IrWarning } from '@interlingua/ir';

/** Collects warnings, one per field. */
export class WarningCollector {
  private readonly byField = new Map<string, IrWarning>();

  add(kind: IrWarning['kind'], field: string, message: string): void {
    if (!this.byField.has(field)) this.byField.set(field, { kind, field, message });
  }

  dropped(field: string, message: string): void {
    this.add('dropped', field, message);
  }

  approximated(field: string, message: string): void {
    this.add('approximated', field, message);
  }

  list(): IrWarning[] {
    return [...this.byField.values()];
  }
}
