#!/usr/bin/env bash
# The RSTJ001 analyzer as users get it: tests/RefitStj.PackageConsumer restored from the packed nupkg (a fresh packages
# folder, so no cached RefitStj is used) and built twice with `dotnet build`. Omitting Order from the context must warn
# at both calls that pair it with IShopApi; declaring it must build without any RSTJ001. Exits non-zero otherwise.
# Usage: .ci/package-analyzer.sh FOLDER_WITH_THE_NUPKG
set -uo pipefail
cd "$(dirname "$0")/.."

package_folder=$(realpath "$1")
nupkg=$(ls "$package_folder"/RefitStj.*.nupkg | grep -v '\.snupkg$' | head -n 1)
version=$(basename "$nupkg" .nupkg); version=${version#RefitStj.}
work=artifacts/package-consumer
rm -rf "$work"
mkdir -p "$work"
build() {
  dotnet build tests/RefitStj.PackageConsumer -c Release -nodeReuse:false -p:RefitStjVersion="$version" \
    -p:RestoreAdditionalProjectSources="$package_folder" -p:RestorePackagesPath="$(realpath "$work")/packages" "$@"
}

status=0
build > "$work/omitted.log" 2>&1 || { cat "$work/omitted.log"; echo "FAILED: the consumer with Order omitted did not build"; exit 1; }
# Each distinct RSTJ001 message (MSBuild repeats warnings in its summary and appends the project path).
found=$(sed -n 's/.*warning RSTJ001: \(.*\) \[[^]]*\.csproj\]$/\1/p' "$work/omitted.log" | sort -u)
calls=$(grep "warning RSTJ001" "$work/omitted.log" | grep -o "Program.cs([0-9]*,[0-9]*)" | sort -u | wc -l)
expected="'IShopApi.PlaceOrder' writes 'Order' through the content serializer, but 'ShopJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Order))] to 'ShopJsonContext'"
echo "with Order omitted, at $calls call(s): ${found:-no RSTJ001}"
if [ "$found" != "$expected" ]; then
  echo "FAILED: expected exactly this RSTJ001: $expected"; status=1
elif [ "$calls" -ne 2 ]; then
  echo "FAILED: expected it at 2 calls (RestService.ForGenerated, AddRefitGeneratedClient), found $calls"; status=1
fi

build -p:DefineConstants=DECLARE_ORDER > "$work/declared.log" 2>&1 || { cat "$work/declared.log"; echo "FAILED: the consumer with Order declared did not build"; exit 1; }
if grep -q "RSTJ001" "$work/declared.log"; then
  grep "RSTJ001" "$work/declared.log" | sort -u; echo "FAILED: RSTJ001 reported although the context declares every type"; status=1
fi

[ $status -eq 0 ] && echo "RSTJ001 from the package: warns at both calls with Order omitted, silent with it declared"
exit $status
