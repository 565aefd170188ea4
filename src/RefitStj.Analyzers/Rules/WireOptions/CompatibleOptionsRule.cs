using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.WireOptions;

/// <summary>
/// RSTJ002: where a Refit client may run on a <c>StjContentSerializer</c> over a source-generated context with the
/// options of its <c>[JsonSourceGenerationOptions]</c>, and that attribute states no wire format of the user's own, the
/// context must put on the wire what the referenced Refit's default does, or the switch changes what is sent and read,
/// silently: PascalCase names, names read case-sensitively (camelCase JSON then reads as default values), and on Refit 16
/// also numbers in strings refused, enums as numbers, <c>object</c> read as <c>JsonElement</c> (Refit 17's defaults do
/// those too, so they are not reported there). One diagnostic per call and context lists them all.
/// A context whose attribute states a format (<see cref="ContextOptions.StatesOwnFormat"/>) is the user's chosen format:
/// nothing is reported, so no fix changes it.
/// </summary>
internal sealed class CompatibleOptionsRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj002IncompatibleOptions);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => known is { RefitEnumConverter: not null, RefitObjectConverter: not null, JsonConverterOfT: not null, JsonConverterFactory: not null, JsonConverterAttribute: not null, JsonSourceGenerationOptionsAttribute: not null }
        ? new CompatibleOptionsReporter(known, model)
        : null;

    private sealed class CompatibleOptionsReporter : Reporter
    {
        private readonly KnownSymbols _known;
        private readonly PairingModel _model;

        // What each context's diagnostic says: the rule's own conclusion from the model's facts, drawn once per context, and
        // once per context and interface where RSTJ001's fix would add that interface's types to it.
        private readonly ConcurrentDictionary<INamedTypeSymbol, Finding?> _findings = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<INamedTypeSymbol, ConcurrentDictionary<INamedTypeSymbol, Finding?>> _findingsWithGaps = new(SymbolEqualityComparer.Default);

        public CompatibleOptionsReporter(KnownSymbols known, PairingModel model)
        {
            _known = known;
            _model = model;
        }

        /// <summary>Reports, at the creation, each context the client may write and read with whose options differ from Refit's.</summary>
        public override void ReportCreation(DiagnosticSink context, ClientCreation creation)
        {
            // Options are the context's whatever interface a wrapper's call closes: reported once, at the wrapper's own creation.
            if (creation.Made != ClientMade.ByItsCall)
            {
                return;
            }

            var alone = creation.StjContextsWithoutFallback().Select(v => v.Context!).ToImmutableHashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var jsonContext in creation.StjContextsWithAttributeOptions())
            {
                var found = creation.Api is { } api && alone.Contains(jsonContext)
                    ? _findingsWithGaps.GetOrAdd(jsonContext, _ => new(SymbolEqualityComparer.Default)).GetOrAdd(api, _ => Find(jsonContext, api))
                    : _findings.GetOrAdd(jsonContext, c => Find(c, api: null));
                if (found is not null)
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.Rstj002IncompatibleOptions, creation.Location, found.Attribute is null ? [] : [found.Attribute], found.Properties, jsonContext.Name, found.Differences));
                }
            }
        }

        /// <summary>
        /// What a context's diagnostic says and carries, or <see langword="null"/> when its options match Refit's where it
        /// matters: for the types it covers, and those RSTJ001's fix adds for a client of <paramref name="api"/> (one that
        /// runs on it alone), so that either fix first leaves nothing for a second pass.
        /// </summary>
        private Finding? Find(INamedTypeSymbol context, INamedTypeSymbol? api)
        {
            var known = _known;
            if (_model.CoverageOf(context) is not { } coverage)
            {
                return null;
            }

            var options = _model.OptionsOf(context);
            if (options.StatesOwnFormat)
            {
                return null;
            }

            // RSTJ001's fix edits only a context written in this compilation.
            var added = api is null || coverage.LastAttribute is null
                ? []
                : _model.GapsOf(api, coverage).SelectMany(gap => gap.Types).ToList();
            if (api is not null && added.Count == 0)
            {
                return _findings.GetOrAdd(context, c => Find(c, api: null));
            }

            var gaps = OptionsDifferences.Find(coverage, added, options, known);
            if (gaps.IsEmpty)
            {
                return null;
            }

            var converters = new List<INamedTypeSymbol>();
            if (gaps.Objects)
            {
                converters.Add(known.RefitObjectConverter!);
            }

            converters.AddRange(gaps.Enums.Select(e => known.RefitEnumConverter!.Construct(e)));
            // The fix edits the context where it is written: in a referenced project there is nothing here to edit.
            var attribute = options.Attribute ?? coverage.LastAttribute;
            var properties = FixProperties.Options(gaps.Options, converters, context, extendsAttribute: options.Attribute is not null);
            return new Finding(attribute, attribute is null ? ImmutableDictionary<string, string?>.Empty : properties, Differences(gaps));
        }

        /// <summary>What differs, as the message lists it: each option with what happens without it.</summary>
        private static string Differences(OptionsDifferences gaps)
        {
            var differences = new List<string>();
            foreach (var option in gaps.Options)
            {
                differences.Add(option switch
                {
                    ContextOptions.PropertyNamingPolicy => "names are written as declared, not camelCase (PropertyNamingPolicy)",
                    ContextOptions.PropertyNameCaseInsensitive => "names are read case-sensitively, so camelCase JSON reads as default values (PropertyNameCaseInsensitive)",
                    _ => "numbers in strings are refused (NumberHandling)",
                });
            }

            if (gaps.Enums.Count > 0)
            {
                var names = string.Join(", ", gaps.Enums.Select(e => $"'{e.Name}'"));
                differences.Add(gaps.Enums.Count == 1
                    ? $"enum {names} goes out as numbers, not camelCase strings (RefitEnumConverter<T>)"
                    : $"enums {names} go out as numbers, not camelCase strings (RefitEnumConverter<T>)");
            }

            if (gaps.Objects)
            {
                differences.Add("'object' values read as JsonElement, not inferred (RefitObjectConverter)");
            }

            return string.Join("; ", differences);
        }

        /// <summary>
        /// One context's diagnostic but for where it is reported: the location the fix edits (the options attribute, else the
        /// last <c>[JsonSerializable]</c>), what it writes, and the message's list.
        /// </summary>
        private sealed class Finding
        {
            public Finding(Location? attribute, ImmutableDictionary<string, string?> properties, string differences)
            {
                Attribute = attribute;
                Properties = properties;
                Differences = differences;
            }

            public Location? Attribute { get; }

            public ImmutableDictionary<string, string?> Properties { get; }

            public string Differences { get; }
        }
    }
}
