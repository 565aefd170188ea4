#!/usr/bin/env bash
# The analyzers (RSTJ rules) and their fixes as users get them: an app restored from the packed nupkg (a fresh
# packages folder, so no cached RefitStj is used), one pipeline for each app:
#  1. `dotnet build` of the app as written must report what the app is written to trigger (below);
#  2. a reference transcript (every request body as sent, every value read) under the JIT, from Refit's own serializer
#     (the JSON.NET app: from its JSON.NET serializer);
#  3. `dotnet format analyzers` on a copy applies the package's fixes; the rebuilt copy must report none of the rules
#     but what has no fix (named per app below);
#  4. the copy published with Native AOT must raise no trim/AOT warning naming RefitStj, and its runs must print the
#     reference transcript.
# The apps:
#  consumer  tests/RefitStj.PackageConsumer: a context that lists its types with no options and omits some. As written:
#            RSTJ001 for the omitted Order at both calls that pair it with IShopApi, and RSTJ002. Reference: the same
#            app built on Refit's reflection default (-p:RefitReference=true). Fixed for RSTJ001 RSTJ002, which meet (the
#            enum Delivery is reached only through Order): one pass, FORMAT_RUNS times (CI: 2) to the same text; run under
#            Native AOT; the unfixed app's transcript must differ from the reference (so the comparison can fail).
#  refit16   tests/RefitStj.Refit16App, written Refit 16's way with the package added and nothing else: as written,
#            RSTJ003 at each of its 8 context entry points and no other rule; it runs on Refit's own serializer, and
#            that run is the reference (query strings from Refit's SystemTextJsonQueryConverter<T> included), its
#            proof lines all naming Refit's serializer. Fixed for RSTJ001-RSTJ005 (RSTJ005 in a second pass: Refit's
#            query converter is an error only once RSTJ003's fixes have moved the clients onto RefitStj); run under the
#            JIT and Native AOT, proof lines all naming RefitStj (it ends a server-sent event stream at "[DONE]", where
#            Refit's serializer throws).
#  two-projects  tests/RefitStj.TwoProjectApp, a contracts project (interface, models, a context lacking Receipt, shared
#            settings, Refit's query converter) and an app project with three clients: built on the command line (the
#            app sees the contracts as a built assembly) and opened with MSBuildWorkspace as an IDE opens it (as a
#            compilation, tests/RefitStj.WorkspaceCheck). Both must report RSTJ001 and RSTJ005 at the one client whose
#            settings the app's own code shows, nothing else, and no AD0001. Not fixed, not run.
#  jsonnet   tests/RefitStj.JsonNetApp, written for Refit on JSON.NET (snake_case [JsonProperty] names, Order, null and
#            default ignore conditions, Required.Always, [JsonIgnore], StringEnumConverter with [EnumMember],
#            DataContract names, a JSON.NET converter of its own beside the System.Text.Json converter its message asks
#            for, a form body), with the package added and the client's serializer switched to RefitStj over a context: as written,
#            RSTJ007 at each of its 18 JSON.NET attributes and no other rule. Reference: its own JSON.NET content
#            serializer with default settings (argument "jsonnet"), under the JIT; the unfixed app must differ from it.
#            Fixed for RSTJ007; two reports stay (no fix), by message, and nothing else: Required.Always's null check and
#            the JSON.NET converter, by name. Run under the
#            JIT (over the context, and on RefitStj's reflection defaults) and Native AOT over the context.
# Each app runs on the Refit of the packed package's line: 16.4.0 for the 16 line, 17.0.0 for the 17 line (passed as
# RefitAppVersion; the apps define REFIT17 on it). On 17 clients come from ForGenerated/AddRefitGeneratedClient as 17's
# users create them, and the consumer's reference is Refit 17's serializer on its defaults with the reflection resolver.
# Exits non-zero otherwise. Usage: .ci/package-app.sh consumer|refit16|two-projects|jsonnet FOLDER_WITH_THE_NUPKG
set -uo pipefail
cd "$(dirname "$0")/.."

app_name=${1:-}
case "$app_name" in
  consumer) app=tests/RefitStj.PackageConsumer; assembly=RefitStj.PackageConsumer; work=artifacts/package-consumer
            fixes=(RSTJ001 RSTJ002); left_after_fix="RSTJ00[12]"; runs=(aot) ;;
  refit16)  app=tests/RefitStj.Refit16App; assembly=RefitStj.Refit16App; work=artifacts/refit16-app
            fixes=(RSTJ001 RSTJ002 RSTJ003 RSTJ004 RSTJ005); left_after_fix="RSTJ[0-9]+"; runs=(jit aot) ;;
  jsonnet)  app=tests/RefitStj.JsonNetApp; assembly=RefitStj.JsonNetApp; work=artifacts/jsonnet-app
            fixes=(RSTJ007); left_after_fix="RSTJ[0-9]+"; runs=(jit reflection aot)
            login_left="Models.cs: warning RSTJ007: System.Text.Json ignores JSON.NET's [JsonProperty] on 'User.Login', which a RefitStj client of 'IUsersApi' sends and reads; no attribute does the same: Required.Always also rejects null, read and written: System.Text.Json's [JsonRequired] rejects only a missing member, a null reads; check for null after reading, or give the member a non-nullable type and set RespectNullableAnnotations (System.Text.Json 9)"
            converter_left="Models.cs: warning RSTJ007: System.Text.Json ignores JSON.NET's [JsonConverter(typeof(UnixSecondsConverter))] on 'User.CreatedAt', which a RefitStj client of 'IUsersApi' sends and reads; no attribute does the same: 'UnixSecondsConverter' is a JSON.NET converter, which System.Text.Json never runs: write a System.Text.Json JsonConverter<T> that does the same and name it with System.Text.Json's [JsonConverter]"
            # Left after the fixes: Required.Always's null check (no attribute) and the app's own JSON.NET converter.
            left_expected=$(printf '%s\n%s' "$login_left" "$converter_left") ;;
  two-projects) app=tests/RefitStj.TwoProjectApp; work=artifacts/two-project-app ;;
  *) echo "usage: $0 consumer|refit16|two-projects|jsonnet FOLDER_WITH_THE_NUPKG"; exit 2 ;;
esac
package_folder=$(realpath "$2")
nupkg=$(ls "$package_folder"/RefitStj.*.nupkg | grep -v '\.snupkg$' | head -n 1)
version=$(basename "$nupkg" .nupkg); version=${version#RefitStj.}
case "$version" in
  16.*) refit_version=16.4.0 ;;
  17.*) refit_version=17.0.0 ;;
  *) echo "no Refit known for the package line of RefitStj $version"; exit 2 ;;
esac
echo "RefitStj $version on Refit $refit_version"
rm -rf "$work"
mkdir -p "$work"
work=$(realpath "$work")
package_props=(-p:RefitStjVersion="$version" -p:RefitAppVersion="$refit_version" -p:RestoreAdditionalProjectSources="$package_folder" -p:RestorePackagesPath="$work/packages")
status=0
fail() { echo "FAILED: $*"; status=1; }
# Each distinct message of a diagnostic in a log (MSBuild repeats warnings in its summary and appends the project path).
messages() { sed -n "s/.*warning $1: \(.*\) \[[^]]*\.csproj\]$/\1/p" "$2" | sort -u; }
# The transcript without the proof lines, and the proof lines alone (only the refit16 app prints proof lines).
transcript() { grep -v '^proof ' "$1"; }
proofs() { grep '^proof ' "$1"; }
built_app() { find "$1" -name "$assembly.dll" | head -n 1; }
# Analyzer failures in a build log: the command line prints an analyzer exception as "CSC : warning AD0001: ..." (no file).
analyzer_failures() { grep -E "(warning|error) AD[0-9]+" "$1" | sort -u; }
# Each distinct RSTJ report of a build log as "File.cs(line): warning RSTJnnn: message" (no column, no project).
reports() { sed -nE 's/^.*\/([A-Za-z]+\.cs)\(([0-9]+),[0-9]+\): (warning|error) (RSTJ[0-9]+): (.*) \[[^]]*\.csproj\]$/\1(\2): \3 \4: \5/p' "$1" | sort -u; }

# The two-project solution: the same reports on the command line and in the workspace, and no analyzer exception.
if [ "$app_name" = two-projects ]; then
  solution="$work/solution"
  cp -r "$app" "$solution"
  cat > "$solution/Directory.Build.props" <<PROPS
<Project>
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <RefitStjVersion>$version</RefitStjVersion>
    <RefitAppVersion>$refit_version</RefitAppVersion>
    <RestoreAdditionalProjectSources>$package_folder</RestoreAdditionalProjectSources>
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
</Project>
PROPS
  expected=$'Clients.cs(10) RSTJ001\nClients.cs(10) RSTJ005'
  # RSTJ005 is an error, so the build fails: what matters is what it reports.
  dotnet build "$solution/TwoProjectApp.sln" -c Release -nodeReuse:false > "$work/build.log" 2>&1
  built=$(grep -oE "[A-Za-z]+\.cs\([0-9]+,[0-9]+\): (warning|error) (RSTJ[0-9]+|AD0001)" "$work/build.log" | sed -E 's/\(([0-9]+),[0-9]+\): (warning|error) / \1 /; s/ ([0-9]+) /(\1) /' | sort -u)
  echo "command line:"; echo "$built" | sed 's/^/  /'
  grep -E "error CS[0-9]+" "$work/build.log" | sort -u | grep . && fail "the command-line build reported a compiler error"
  analyzer_failures "$work/build.log" | grep . && fail "the command-line build reported an analyzer failure (AD diagnostic)"
  [ "$built" = "$expected" ] || fail "the command-line build did not report exactly: $expected"
  { dotnet build tests/RefitStj.WorkspaceCheck -c Release -nodeReuse:false > "$work/workspace.log" 2>&1 \
    && dotnet run --no-build --project tests/RefitStj.WorkspaceCheck -c Release -- "$solution/TwoProjectApp.sln" RSTJ001 RSTJ005 > "$work/workspace.log" 2>&1; } \
    || { cat "$work/workspace.log"; fail "the workspace check failed"; }
  opened=$(sed -nE 's/^  ([A-Za-z]+\.cs)\(([0-9]+)\): [A-Za-z]+ ([A-Z]+[0-9]+):.*/\1(\2) \3/p' "$work/workspace.log" | sort -u)
  echo "workspace (MSBuildWorkspace):"; grep -v '^  ' "$work/workspace.log" | sed 's/^/  /'; echo "$opened" | sed 's/^/  /'
  [ "$opened" = "$expected" ] || fail "the workspace did not report exactly: $expected"
  [ $status -eq 0 ] && echo "two projects: RSTJ001 and RSTJ005 at the app's own client on the command line and in the workspace, no AD0001"
  exit $status
fi

# 1. As written.
dotnet build "$app" -c Release -nodeReuse:false "${package_props[@]}" > "$work/written.log" 2>&1 \
  || { cat "$work/written.log"; echo "FAILED: the app as written did not build"; exit 1; }
case "$app_name" in
  consumer)
    order="'IShopApi.PlaceOrder' writes 'Order' through the content serializer, but 'ShopJsonContext' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Order))] to 'ShopJsonContext'"
    calls=$(grep -F "warning RSTJ001: $order" "$work/written.log" | grep -o "Program.cs([0-9]*,[0-9]*)" | sort -u | wc -l)
    rstj002=$(messages RSTJ002 "$work/written.log")
    echo "as written: RSTJ001 for Order at $calls call(s); RSTJ001 messages:"; messages RSTJ001 "$work/written.log" | sed 's/^/  /'
    echo "RSTJ002: ${rstj002:-none}"
    [ "$calls" -eq 2 ] || fail "expected the RSTJ001 for Order at 2 calls (RestService.ForGenerated, AddRefitGeneratedClient), found $calls"
    [ -n "$rstj002" ] || fail "expected RSTJ002 for a context with no options"
    dotnet "$(built_app "$work/bin")" > "$work/written.txt" 2>&1
    ;;
  refit16)
    entry_points=8
    reported=$(grep -oE "Program.cs\([0-9]+,[0-9]+\): warning RSTJ003" "$work/written.log" | sort -u | wc -l)
    echo "as written: RSTJ003 at $reported of $entry_points entry points"
    grep -oE "Program.cs\([0-9]+,[0-9]+\): warning RSTJ003: '[^']*'" "$work/written.log" | sort -u | sed 's/^/  /'
    [ "$reported" -eq "$entry_points" ] || fail "expected RSTJ003 at $entry_points entry points, found $reported"
    grep -E "(warning|error) RSTJ[0-9]+" "$work/written.log" | grep -v "warning RSTJ003" | sort -u | grep . && fail "another RSTJ rule fired on the app as written"
    ;;
  jsonnet)
    # Each JSON.NET or DataContract attribute System.Text.Json ignores, by line of Models.cs (the models are fixed input).
    expected=$(printf 'Models.cs(%s) RSTJ007\n' 11 14 17 20 24 27 30 33 34 37 38 42 55 58 62 65 72 75 | sort)
    reported=$(reports "$work/written.log" | sed -E 's/^([^:]*): [a-z]+ (RSTJ[0-9]+):.*/\1 \2/' | sort -u)
    echo "as written: $(echo "$reported" | grep -c RSTJ007) RSTJ007 report(s):"; reports "$work/written.log" | sed 's/^/  /'
    [ "$reported" = "$expected" ] || fail "the app as written did not report exactly RSTJ007 at: $(echo $expected)"
    dotnet "$(built_app "$work/bin")" > "$work/written.txt" 2>&1
    ;;
esac

# 2. The reference under the JIT: Refit's own serializer (the JSON.NET app: its JSON.NET serializer).
case "$app_name" in
  consumer)
    dotnet build "$app" -c Release -nodeReuse:false "${package_props[@]}" -p:RefitReference=true > "$work/reference.log" 2>&1 \
      || { cat "$work/reference.log"; echo "FAILED: the reference build failed"; exit 1; }
    dotnet "$(built_app "$work/bin")" > "$work/reference.txt" 2>&1
    ;;
  refit16)
    dotnet "$(built_app "$work/bin")" > "$work/reference.txt" 2>&1 || fail "the app as written failed"
    proofs "$work/reference.txt" | grep -v "Refit's serializer$" && fail "the app as written ran a client on another serializer than Refit's"
    ;;
  jsonnet)
    dotnet "$(built_app "$work/bin")" jsonnet > "$work/reference.txt" 2>&1 || fail "the app on its JSON.NET serializer failed"
    ;;
esac

# 3. A copy fixed by dotnet format, as a user would run it; its own props stand in for the command-line properties.
fixed="$work/fixed"
mkdir -p "$fixed"
cp "$app"/*.cs "$app/$assembly.csproj" "$app/Directory.Packages.props" "$fixed/"
cat > "$fixed/Directory.Build.props" <<PROPS
<Project>
  <PropertyGroup>
    <RefitStjVersion>$version</RefitStjVersion>
    <RefitAppVersion>$refit_version</RefitAppVersion>
    <RestoreAdditionalProjectSources>$package_folder</RestoreAdditionalProjectSources>
    <RestorePackagesPath>$work/packages</RestorePackagesPath>
  </PropertyGroup>
</Project>
PROPS
dotnet format analyzers "$fixed/$assembly.csproj" --diagnostics "${fixes[@]}" --severity info -v:diag > "$work/format.log" 2>&1 \
  || { cat "$work/format.log"; fail "dotnet format analyzers exited non-zero"; }
if [ "$app_name" = refit16 ]; then
  # RSTJ005 (Refit's query converter on RefitStj) speaks only once RSTJ003's fixes have moved the clients: a second pass.
  dotnet format analyzers "$fixed/$assembly.csproj" --diagnostics RSTJ005 --severity info -v:diag > "$work/format-query.log" 2>&1 \
    || { cat "$work/format-query.log"; fail "dotnet format analyzers (RSTJ005) exited non-zero"; }
  grep -q "typeof(StjQueryConverter<Filter>)" "$fixed/Program.cs" && ! grep -q "typeof(SystemTextJsonQueryConverter" "$fixed/Program.cs" \
    || fail "RSTJ005's fix did not replace SystemTextJsonQueryConverter<Filter> with StjQueryConverter<Filter>"
fi
echo "dotnet format changed:"; for source in "$app"/*.cs; do diff "$source" "$fixed/$(basename "$source")" | grep '^[<>]' | sed 's/^/  /'; done
dotnet build "$fixed" -c Release -nodeReuse:false > "$work/fixed.log" 2>&1 || { cat "$work/fixed.log"; fail "the fixed copy did not build"; }
# What dotnet format cannot fix stays reported, exactly as expected (apps with no such report expect none); by file
# and message, as the fixes move the lines.
left=$(reports "$work/fixed.log" | grep -E "$left_after_fix" | sed -E 's/^([A-Za-z]+\.cs)\([0-9]+\):/\1:/')
if [ "$left" != "${left_expected:-}" ]; then
  echo "${left:-nothing}" | sed 's/^/  /'; fail "after dotnet format, expected ${left_expected:-no $left_after_fix report}"
elif [ -n "$left" ]; then
  echo "left after dotnet format (no fix exists):"; echo "$left" | sed 's/^/  /'
fi
if [ "$app_name" = consumer ]; then
  # RSTJ001's and RSTJ002's fixes meet on one context, and dotnet format applies them in no fixed order: each further
  # run on a fresh copy must write what the first (checked clean above) wrote. FORMAT_RUNS runs in all (CI: 2).
  runs_wanted=${FORMAT_RUNS:-2}
  for ((run = 2; run <= runs_wanted; run++)); do
    again="$work/fixed-$run"
    mkdir -p "$again"
    cp "$app"/*.cs "$app/$assembly.csproj" "$app/Directory.Packages.props" "$fixed/Directory.Build.props" "$again/"
    dotnet format analyzers "$again/$assembly.csproj" --diagnostics "${fixes[@]}" --severity info > "$work/format-$run.log" 2>&1 \
      || { cat "$work/format-$run.log"; fail "dotnet format analyzers (run $run) exited non-zero"; }
    diff -u "$fixed/Program.cs" "$again/Program.cs" || fail "dotnet format run $run of $runs_wanted wrote otherwise than the first, one pass of both fixes"
  done
  echo "dotnet format: $runs_wanted run(s) on fresh copies, each one pass to the same clean result"
fi

# 4. The fixed copy under the JIT (refit16, jsonnet; jsonnet on the reflection defaults too) and under Native AOT: no
# trim/AOT warning about RefitStj (message text only: paths may name it), the reference transcript.
if [[ " ${runs[*]} " == *" jit "* ]]; then
  dotnet "$(built_app "$fixed/bin")" > "$work/jit.txt" 2>&1 || fail "the fixed app failed under the JIT"
fi
if [[ " ${runs[*]} " == *" reflection "* ]]; then
  dotnet "$(built_app "$fixed/bin")" reflection > "$work/reflection.txt" 2>&1 || fail "the fixed app failed on RefitStj's reflection defaults"
fi
dotnet publish "$fixed" -c Release -nodeReuse:false -p:PublishAot=true -o "$work/aot" > "$work/aot.log" 2>&1 \
  || { cat "$work/aot.log"; fail "the Native AOT publish failed"; }
aot_warnings=$(grep -oE "warning IL[0-9]+: .*" "$work/aot.log" | sed 's/ \[[^]]*\.csproj\]$//' | sort -u)
[ -n "$aot_warnings" ] && { echo "trim/AOT warnings of the publish:"; echo "$aot_warnings" | sed 's/^/  /'; }
echo "$aot_warnings" | grep -q "RefitStj" && fail "the Native AOT publish warns about RefitStj"
"$work/aot/$assembly" > "$work/aot.txt" 2>&1 || fail "the fixed app failed under Native AOT"

case "$app_name" in
  consumer)
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
    ;;
  refit16)
    echo "reference transcript (as written, Refit's serializer, JIT): $(transcript "$work/reference.txt" | grep -c ' received ') requests, $(transcript "$work/reference.txt" | grep -c ': read ') values read"
    queries=$(transcript "$work/reference.txt" | grep -c ' received GET [a-z.]*/search?')
    echo "reference transcript: $queries query strings from SystemTextJsonQueryConverter<T>"
    [ "$queries" -gt 0 ] || fail "the reference transcript has no query string from the query converter"
    for run in "${runs[@]}"; do
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
    [ $status -eq 0 ] && echo "RSTJ003 and RSTJ005 from the package: every Refit 16 entry point and query converter reported, fixed by dotnet format onto RefitStj, the same wire under the JIT and Native AOT"
    ;;
  jsonnet)
    echo "reference transcript (its JSON.NET serializer, default settings, JIT):"; sed 's/^/  /' "$work/reference.txt"
    grep -q "^get a reply missing the required login: fails" "$work/reference.txt" || fail "the reference does not fail on a reply missing a required member"
    if diff -q "$work/reference.txt" "$work/written.txt" > /dev/null; then
      fail "the unfixed app's transcript matches the reference: the comparison proves nothing"
    else
      echo "control: the app as written on RefitStj (before the fixes) differs from the reference in $(diff "$work/reference.txt" "$work/written.txt" | grep -c '^>') line(s):"
      diff "$work/reference.txt" "$work/written.txt" | grep '^>' | sed 's/^/  /'
    fi
    for run in "${runs[@]}"; do
      if diff -u "$work/reference.txt" "$work/$run.txt" > "$work/$run.diff"; then
        echo "fixed, $run: the same requests, byte for byte, form fields, values read and failures as JSON.NET"
      else
        cat "$work/$run.diff"; fail "the fixed app's $run transcript differs from JSON.NET's"
      fi
    done
    [ $status -eq 0 ] && echo "RSTJ007 from the package: every JSON.NET attribute reported, fixed by dotnet format, JSON.NET's wire under the JIT and Native AOT; the app's own converter named"
    ;;
esac
exit $status
