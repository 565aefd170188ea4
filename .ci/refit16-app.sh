#!/usr/bin/env bash
# A Refit 16 app written Refit 16's way (tests/RefitStj.Refit16App) with the packed RefitStj added and nothing else:
#  1. `dotnet build` must warn RSTJ003 at each of its 8 context entry points;
#  2. as written it runs on Refit's own serializer: its transcript (every request as sent, every value read) is the
#     reference, and its proof lines must all name Refit's serializer;
#  3. `dotnet format analyzers` on a copy applies the package's fixes (RSTJ005's, Refit's query converter to RefitStj's, in
#     a second pass); the rebuilt copy must report no RSTJ diagnostic;
#  4. the copy under the JIT and published with Native AOT must print the reference transcript (query strings included), and proof lines that all
#     name RefitStj (it ends a server-sent event stream at "[DONE]", where Refit's serializer throws).
# Exits non-zero otherwise. Usage: .ci/refit16-app.sh FOLDER_WITH_THE_NUPKG
set -uo pipefail
cd "$(dirname "$0")/.."

package_folder=$(realpath "$1")
nupkg=$(ls "$package_folder"/RefitStj.*.nupkg | grep -v '\.snupkg$' | head -n 1)
version=$(basename "$nupkg" .nupkg); version=${version#RefitStj.}
app=tests/RefitStj.Refit16App
work=artifacts/refit16-app
rm -rf "$work"
mkdir -p "$work"
work=$(realpath "$work")
status=0
fail() { echo "FAILED: $*"; status=1; }
entry_points=8
# The transcript without the proof lines, and the proof lines alone.
transcript() { grep -v '^proof ' "$1"; }
proofs() { grep '^proof ' "$1"; }

# 1. As written: RSTJ003 at each entry point, nothing else from RefitStj.
dotnet build "$app" -c Release -nodeReuse:false -p:RefitStjVersion="$version" -p:RestoreAdditionalProjectSources="$package_folder" \
  -p:RestorePackagesPath="$work/packages" > "$work/written.log" 2>&1 || { cat "$work/written.log"; echo "FAILED: the app as written did not build"; exit 1; }
reported=$(grep -oE "Program.cs\([0-9]+,[0-9]+\): warning RSTJ003" "$work/written.log" | sort -u | wc -l)
echo "as written: RSTJ003 at $reported of $entry_points entry points"
grep -oE "Program.cs\([0-9]+,[0-9]+\): warning RSTJ003: '[^']*'" "$work/written.log" | sort -u | sed 's/^/  /'
[ "$reported" -eq "$entry_points" ] || fail "expected RSTJ003 at $entry_points entry points, found $reported"
grep -E "(warning|error) RSTJ00[1245]" "$work/written.log" | sort -u | grep . && fail "another RSTJ rule fired on the app as written"

# 2. The reference: the app as written, on Refit's own serializer, JIT.
dotnet "$(find "$work/bin" -name RefitStj.Refit16App.dll | head -n 1)" > "$work/reference.txt" 2>&1 || fail "the app as written failed"
proofs "$work/reference.txt" | grep -v "Refit's serializer$" && fail "the app as written ran a client on another serializer than Refit's"

# 3. A copy fixed by dotnet format, as a user would run it; its own props stand in for the command-line properties.
fixed="$work/fixed"
mkdir -p "$fixed"
cp "$app/Program.cs" "$app/RefitStj.Refit16App.csproj" "$app/Directory.Packages.props" "$fixed/"
cat > "$fixed/Directory.Build.props" <<PROPS
<Project>
  <PropertyGroup>
    <RefitStjVersion>$version</RefitStjVersion>
    <RestoreAdditionalProjectSources>$package_folder</RestoreAdditionalProjectSources>
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
</Project>
PROPS
dotnet format analyzers "$fixed/RefitStj.Refit16App.csproj" --diagnostics RSTJ001 RSTJ002 RSTJ003 RSTJ004 RSTJ005 --severity info -v:diag > "$work/format.log" 2>&1 \
  || { cat "$work/format.log"; fail "dotnet format analyzers exited non-zero"; }
# RSTJ005 (Refit's query converter on RefitStj) speaks only once RSTJ003's fixes have moved the clients: a second pass.
dotnet format analyzers "$fixed/RefitStj.Refit16App.csproj" --diagnostics RSTJ005 --severity info -v:diag > "$work/format-query.log" 2>&1 \
  || { cat "$work/format-query.log"; fail "dotnet format analyzers (RSTJ005) exited non-zero"; }
grep -q "typeof(StjQueryConverter<Filter>)" "$fixed/Program.cs" && ! grep -q "typeof(SystemTextJsonQueryConverter" "$fixed/Program.cs" \
  || fail "RSTJ005's fix did not replace SystemTextJsonQueryConverter<Filter> with StjQueryConverter<Filter>"
echo "dotnet format changed:"; diff "$app/Program.cs" "$fixed/Program.cs" | grep '^[<>]' | sed 's/^/  /'
dotnet build "$fixed" -c Release -nodeReuse:false > "$work/fixed.log" 2>&1 || { cat "$work/fixed.log"; fail "the fixed copy did not build"; }
if grep -qE "RSTJ[0-9]+" "$work/fixed.log"; then
  grep -E "RSTJ[0-9]+" "$work/fixed.log" | sort -u; fail "RSTJ diagnostics remain after dotnet format"
fi

# 4. The fixed copy under the JIT and under Native AOT: the reference transcript, every client on RefitStj.
dotnet "$(find "$fixed/bin" -name RefitStj.Refit16App.dll | head -n 1)" > "$work/jit.txt" 2>&1 || fail "the fixed app failed under the JIT"
dotnet publish "$fixed" -c Release -nodeReuse:false -p:PublishAot=true -o "$work/aot" > "$work/aot.log" 2>&1 \
  || { cat "$work/aot.log"; fail "the Native AOT publish failed"; }
aot_warnings=$(grep -oE "warning IL[0-9]+: .*" "$work/aot.log" | sed 's/ \[[^]]*\.csproj\]$//' | sort -u)
[ -n "$aot_warnings" ] && { echo "trim/AOT warnings of the publish:"; echo "$aot_warnings" | sed 's/^/  /'; }
echo "$aot_warnings" | grep -q "RefitStj" && fail "the Native AOT publish warns about RefitStj"
"$work/aot/RefitStj.Refit16App" > "$work/aot.txt" 2>&1 || fail "the fixed app failed under Native AOT"

echo "reference transcript (as written, Refit's serializer, JIT): $(transcript "$work/reference.txt" | grep -c ' received ') requests, $(transcript "$work/reference.txt" | grep -c ': read ') values read"
queries=$(transcript "$work/reference.txt" | grep -c ' received GET [a-z.]*/search?')
echo "reference transcript: $queries query strings from SystemTextJsonQueryConverter<T>"
[ "$queries" -gt 0 ] || fail "the reference transcript has no query string from the query converter"
for run in jit aot; do
  if diff -u <(transcript "$work/reference.txt") <(transcript "$work/$run.txt") > "$work/$run.diff"; then
    echo "fixed, $run: the same requests, byte for byte, and the same values as the reference"
  else
    cat "$work/$run.diff"; fail "the fixed app's $run transcript differs from the reference"
  fi
  on_refitstj=$(proofs "$work/$run.txt" | grep -c ": RefitStj$")
  clients=$(proofs "$work/reference.txt" | wc -l)
  echo "fixed, $run: $on_refitstj of $clients clients on RefitStj"
  [ "$clients" -gt 0 ] && [ "$on_refitstj" -eq "$clients" ] || { proofs "$work/$run.txt"; fail "a client of the fixed app ($run) is not on RefitStj"; }
done

[ $status -eq 0 ] && echo "RSTJ003 from the package: every Refit 16 entry point reported, fixed by dotnet format onto RefitStj, the same wire under the JIT and Native AOT"
exit $status
