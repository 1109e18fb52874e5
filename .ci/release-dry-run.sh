#!/usr/bin/env bash
# The release process of docs/releasing.md, run as a dry run on a scratch copy of the repository:
# versions bumped and changelogs written by changesets, the packages built, `pnpm publish -r
# --dry-run`, then the published packages packed, installed with npm into a scratch project and
# described by a CycloneDX SBOM (`npm sbom`), which is checked. Nothing is published, tagged or
# pushed, and the repository itself is not changed. Expects pnpm and npm on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="$(mktemp -d "${TMPDIR:-/tmp}/interlingua-release-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
copy="$scratch/repository"
mkdir -p "$copy" "$scratch/tarballs" "$scratch/consumer"
started=$(date +%s)

echo "release dry run: a scratch copy of the tracked files in $copy"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$copy"
cd "$copy"
pnpm install --frozen-lockfile --prefer-offline --ignore-scripts >/dev/null

# The packages a release publishes: every workspace package not marked private.
public_packages() {
  node -e '
    const { readdirSync, readFileSync, existsSync } = require("node:fs");
    for (const root of ["packages", "apps"])
      for (const name of readdirSync(root)) {
        const file = `${root}/${name}/package.json`;
        if (!existsSync(file)) continue;
        const json = JSON.parse(readFileSync(file, "utf8"));
        if (!json.private) console.log(`${root}/${name} ${json.name} ${json.version}`);
      }'
}
public_packages >"$scratch/before.txt"

echo "release dry run: changeset version"
pending=$(find .changeset -name '*.md' ! -name 'README.md' | wc -l)
pnpm exec changeset version >/dev/null
public_packages >"$scratch/after.txt"
left=$(find .changeset -name '*.md' ! -name 'README.md' | wc -l)
[ "$left" -eq 0 ] || { echo "changeset version left $left changesets behind" >&2; exit 1; }
bumped=0
while read -r dir name version; do
  before=$(awk -v n="$name" '$2 == n { print $3 }' "$scratch/before.txt")
  if [ "$before" != "$version" ]; then
    bumped=$((bumped + 1))
    [ -s "$dir/CHANGELOG.md" ] || { echo "$name was bumped to $version without a CHANGELOG.md" >&2; exit 1; }
    grep -q "^## $version\$" "$dir/CHANGELOG.md" || { echo "$dir/CHANGELOG.md has no ## $version section" >&2; exit 1; }
    echo "  $name $before -> $version"
  fi
done <"$scratch/after.txt"
if [ "$pending" -gt 0 ] && [ "$bumped" -eq 0 ]; then
  echo "$pending changesets were pending but no public package was bumped" >&2
  exit 1
fi

echo "release dry run: build"
TURBO_TELEMETRY_DISABLED=1 pnpm run build >/dev/null

echo "release dry run: pnpm publish -r --dry-run"
pnpm publish -r --dry-run --no-git-checks --access public >"$scratch/publish.txt" 2>&1 || {
  cat "$scratch/publish.txt" >&2
  exit 1
}
while read -r dir name version; do
  grep -q "$name@$version" "$scratch/publish.txt" || { echo "publish --dry-run did not list $name@$version" >&2; exit 1; }
  (cd "$dir" && pnpm pack --pack-destination "$scratch/tarballs" >/dev/null)
done <"$scratch/after.txt"

echo "release dry run: SBOM of the published packages (npm sbom, CycloneDX)"
cd "$scratch/consumer"
npm init -y >/dev/null
npm install --omit=optional --ignore-scripts --no-audit --no-fund "$scratch"/tarballs/*.tgz >/dev/null
npm sbom --sbom-format cyclonedx --omit dev >"$scratch/sbom.cdx.json"
node - "$scratch/sbom.cdx.json" "$scratch/after.txt" <<'EOF'
const { readFileSync } = require('node:fs');
const [sbomFile, packagesFile] = process.argv.slice(2);
const sbom = JSON.parse(readFileSync(sbomFile, 'utf8'));
const problems = [];
if (sbom.bomFormat !== 'CycloneDX') problems.push(`bomFormat is ${sbom.bomFormat}, not CycloneDX`);
const components = sbom.components ?? [];
for (const line of readFileSync(packagesFile, 'utf8').trim().split('\n')) {
  const [, name, version] = line.split(' ');
  if (!components.some((c) => `${c.group ? `${c.group}/` : ''}${c.name}` === name && c.version === version))
    problems.push(`${name}@${version} is not a component of the SBOM`);
}
for (const c of components) if (!c.purl || !c.version) problems.push(`component ${c.name} has no purl or version`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
const licensed = components.filter((c) => (c.licenses ?? []).length > 0).length;
console.log(`  ${components.length} components, ${licensed} with a license, every published package at its new version`);
EOF
echo "release dry run: passed in $(($(date +%s) - started)) s"
