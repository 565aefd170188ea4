#!/usr/bin/env bash
# The analyzers as users get them: tests/RefitStj.PackageConsumer restored from the packed nupkg (a fresh packages folder,
# so no cached RefitStj is used). Its context lists its types with no options and omits some:
#  1. `dotnet build` must warn RSTJ001 for the omitted Order at both calls that pair it with IShopApi, and RSTJ002;
#  2. `dotnet format analyzers --diagnostics RSTJ001 RSTJ002` on a copy must fix both: the rebuilt copy warns neither;
#  3. the copy's Native AOT publish must raise no trim/AOT warning naming RefitStj, and its run must print the same
#     transcript (request bodies, values read) as the app on Refit's own reflection default under the JIT, while the
#     unfixed app's transcript must differ from it (so the comparison can fail).
# Exits non-zero otherwise. Usage: .ci/package-analyzer.sh FOLDER_WITH_THE_NUPKG
set -uo pipefail
cd "$(dirname "$0")/.."

package_folder=$(realpath "$1")
nupkg=$(ls "$package_folder"/RefitStj.*.nupkg | grep -v '\.snupkg$' | head -n 1)
version=$(basename "$nupkg" .nupkg); version=${version#RefitStj.}
work=artifacts/package-consumer
rm -rf "$work"
mkdir -p "$work"
work=$(realpath "$work")
package_props=(-p:RefitStjVersion="$version" -p:RestoreAdditionalProjectSources="$package_folder" -p:RestorePackagesPath="$work/packages")
status=0
fail() { echo "FAILED: $*"; status=1; }
# Each distinct message of a diagnostic in a log (MSBuild repeats warnings in its summary and appends the project path).
messages() { sed -n "s/.*warning $1: \(.*\) \[[^]]*\.csproj\]$/\1/p" "$2" | sort -u; }

# 1. As written: both rules fire.
dotnet build tests/RefitStj.PackageConsumer -c Release -nodeReuse:false "${package_props[@]}" > "$work/written.log" 2>&1 \
  || { cat "$work/written.log"; echo "FAILED: the consumer as written did not build"; exit 1; }
order="'IShopApi.PlaceOrder' writes 'Order' through the content serializer, but 'ShopJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Order))] to 'ShopJsonContext'"
calls=$(grep -F "warning RSTJ001: $order" "$work/written.log" | grep -o "Program.cs([0-9]*,[0-9]*)" | sort -u | wc -l)
rstj002=$(messages RSTJ002 "$work/written.log")
echo "as written: RSTJ001 for Order at $calls call(s); RSTJ001 messages:"; messages RSTJ001 "$work/written.log" | sed 's/^/  /'
echo "RSTJ002: ${rstj002:-none}"
[ "$calls" -eq 2 ] || fail "expected the RSTJ001 for Order at 2 calls (RestService.ForGenerated, AddRefitGeneratedClient), found $calls"
[ -n "$rstj002" ] || fail "expected RSTJ002 for a context with no options"
dotnet "$(find "$work/bin" -name RefitStj.PackageConsumer.dll | head -n 1)" > "$work/written.txt" 2>&1

# The reference: the same app on Refit's SystemTextJsonContentSerializer, reflection on, JIT.
dotnet build tests/RefitStj.PackageConsumer -c Release -nodeReuse:false "${package_props[@]}" -p:RefitReference=true > "$work/reference.log" 2>&1 \
  || { cat "$work/reference.log"; echo "FAILED: the reference build failed"; exit 1; }
dotnet "$(find "$work/bin" -name RefitStj.PackageConsumer.dll | head -n 1)" > "$work/reference.txt" 2>&1

# 2. A copy fixed by dotnet format, as a user would run it; its own props stand in for the command-line properties.
fixed="$work/fixed"
mkdir -p "$fixed"
cp tests/RefitStj.PackageConsumer/Program.cs tests/RefitStj.PackageConsumer/RefitStj.PackageConsumer.csproj tests/RefitStj.PackageConsumer/Directory.Packages.props "$fixed/"
cat > "$fixed/Directory.Build.props" <<PROPS
<Project>
  <PropertyGroup>
    <RefitStjVersion>$version</RefitStjVersion>
    <RestoreAdditionalProjectSources>$package_folder</RestoreAdditionalProjectSources>
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
</Project>
PROPS
dotnet format analyzers "$fixed/RefitStj.PackageConsumer.csproj" --diagnostics RSTJ001 RSTJ002 --severity info -v:diag > "$work/format.log" 2>&1 \
  || { cat "$work/format.log"; fail "dotnet format analyzers exited non-zero"; }
echo "dotnet format changed the context to:"; diff tests/RefitStj.PackageConsumer/Program.cs "$fixed/Program.cs" | grep '^[<>]' | sed 's/^/  /'
dotnet build "$fixed" -c Release -nodeReuse:false > "$work/fixed.log" 2>&1 || { cat "$work/fixed.log"; fail "the fixed copy did not build"; }
if grep -qE "RSTJ00[12]" "$work/fixed.log"; then
  grep -E "RSTJ00[12]" "$work/fixed.log" | sort -u; fail "RSTJ001/RSTJ002 still reported after dotnet format"
fi

# 3. The fixed copy under Native AOT: no trim/AOT warning about RefitStj (message text only: paths may name it), same wire.
dotnet publish "$fixed" -c Release -nodeReuse:false -p:PublishAot=true -o "$work/aot" > "$work/aot.log" 2>&1 \
  || { cat "$work/aot.log"; fail "the Native AOT publish failed"; }
aot_warnings=$(grep -oE "warning IL[0-9]+: .*" "$work/aot.log" | sed 's/ \[[^]]*\.csproj\]$//' | sort -u)
[ -n "$aot_warnings" ] && { echo "trim/AOT warnings of the publish:"; echo "$aot_warnings" | sed 's/^/  /'; }
echo "$aot_warnings" | grep -q "RefitStj" && fail "the Native AOT publish warns about RefitStj"
"$work/aot/RefitStj.PackageConsumer" > "$work/aot.txt" 2>&1

echo "reference transcript (Refit's reflection default, JIT):"; sed 's/^/  /' "$work/reference.txt"
if diff -u "$work/reference.txt" "$work/aot.txt" > "$work/aot.diff"; then
  echo "the fixed app under Native AOT sends and reads what Refit's reflection default does"
else
  cat "$work/aot.diff"; fail "the fixed app's Native AOT transcript differs from Refit's reflection default"
fi
if diff -q "$work/reference.txt" "$work/written.txt" > /dev/null; then
  fail "the unfixed app's transcript matches the reference: the comparison proves nothing"
else
  echo "control: the app as written (before the fixes) differs from the reference in $(diff "$work/reference.txt" "$work/written.txt" | grep -c '^>') line(s)"
fi

[ $status -eq 0 ] && echo "RSTJ001/RSTJ002 from the package: reported as written, fixed by dotnet format, clean and wire-compatible under Native AOT"
exit $status
