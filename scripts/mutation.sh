#!/usr/bin/env bash
# Mutation test of src/RefitStj with dotnet-stryker (pinned in .config/dotnet-tools.json) against tests/RefitStj.Tests
# on net10.0, PackageTests, PackageVersionTests and PackageLineTests left out (they pack or version the unmutated sources), and
# WriteBufferPoolTests' collectible-load-context test: it loads a second copy of the mutated assembly, and Stryker 5.1's
# coverage collector then binds to that copy, so every test after it is credited with no coverage at all. Reports
# (JSON, markdown, html) go to artifacts/mutation/reports/; mutants judged equivalent are listed in
# scripts/mutation-equivalents.md.
# Extra arguments go to Stryker, e.g. --concurrency 1, or --mutate '**/IO/PooledBufferWriter.cs' for one file.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

dotnet tool restore
rm -rf artifacts/mutation
# Run from the test project's folder: at the root, Stryker would take RefitStj.sln and mutate every project in it.
(cd tests/RefitStj.Tests && dotnet stryker --config-file ../../scripts/stryker-config.json \
  --output "$root/artifacts/mutation" --skip-version-check "$@")

python3 scripts/mutation-score.py artifacts/mutation/reports/mutation-report.json scripts/mutation-equivalents.md
