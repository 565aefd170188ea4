using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ002: where a Refit client is created with a <c>StjContentSerializer</c> over a source-generated context (RSTJ001's
/// pairing), the context's options must put on the wire what Refit's default does, or the switch changes what is sent and
/// read, silently: PascalCase names, names read case-sensitively (camelCase JSON then reads as default values), numbers
/// in strings refused, enums as numbers, <c>object</c> read as <c>JsonElement</c>. One diagnostic per call lists them all.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class CompatibleOptionsAnalyzer : DiagnosticAnalyzer
{
    /// <summary>The diagnostic's ID.</summary>
    public const string DiagnosticId = "RSTJ002";

    /// <summary>The property holding the named arguments to add (<see cref="ContextOptions"/>'s names), separated by <see cref="Separator"/>.</summary>
    public const string OptionsProperty = "Options";

    /// <summary>The property holding the documentation IDs of the converter types to add, separated by <see cref="Separator"/>.</summary>
    public const string ConvertersProperty = "Converters";

    /// <summary>The property holding the context's name.</summary>
    public const string ContextProperty = "Context";

    /// <summary>Separates the values of one property.</summary>
    public const char Separator = '|';

    internal static readonly DiagnosticDescriptor Rule = new(
        DiagnosticId,
        title: "A source-generated JsonSerializerContext does not send and read what Refit's default options do",
        messageFormat: "'{0}' does not send and read what Refit's default options do: {1}; add the compatible options to its [JsonSourceGenerationOptions], or state an option there to keep your choice",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Refit's default System.Text.Json options write camelCase names, read names in any case and numbers from strings, write enums as camelCase strings and infer object values. A context's own options apply instead; where they differ, and the context's [JsonSourceGenerationOptions] does not state the option, switching serializers changes the wire format.");

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (KnownSymbols.Create(start.Compilation) is { RefitEnumConverter: not null, RefitObjectConverter: not null, JsonConverterOfT: not null, JsonConverterFactory: not null, JsonConverterAttribute: not null, JsonSourceGenerationOptionsAttribute: not null } known)
            {
                var findings = new ConcurrentDictionary<INamedTypeSymbol, Finding?>(SymbolEqualityComparer.Default);
                start.RegisterOperationAction(
                    operation =>
                    {
                        var invocation = (IInvocationOperation)operation.Operation;
                        if (Pairing.Of(invocation, known) is { } pairing && findings.GetOrAdd(pairing.Context, type => Find(type, known)) is { } found)
                        {
                            operation.ReportDiagnostic(Diagnostic.Create(Rule, invocation.Syntax.GetLocation(), [found.Attribute], found.Properties, pairing.Context.Name, found.Differences));
                        }
                    },
                    OperationKind.Invocation);
            }
        });
    }

    /// <summary>What a context's diagnostic says and carries, or <see langword="null"/> when its options match Refit's where it matters.</summary>
    private static Finding? Find(INamedTypeSymbol context, KnownSymbols known)
    {
        if (ContextCoverage.Read(context, known) is not { LastAttribute: { } lastAttribute } coverage)
        {
            return null;
        }

        var options = ContextOptions.Read(context, known);
        var gaps = WireFormatGaps.Find(coverage, options, known);
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
        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(OptionsProperty, string.Join(Separator.ToString(), gaps.Options))
            .Add(ConvertersProperty, string.Join(Separator.ToString(), converters.Select(DocumentationCommentId.CreateReferenceId)))
            .Add(ContextProperty, context.Name);
        return new Finding(options.Attribute ?? lastAttribute, properties, Differences(gaps));
    }

    /// <summary>What differs, as the message lists it: each option with what happens without it.</summary>
    private static string Differences(WireFormatGaps gaps)
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
        public Finding(Location attribute, ImmutableDictionary<string, string?> properties, string differences)
        {
            Attribute = attribute;
            Properties = properties;
            Differences = differences;
        }

        public Location Attribute { get; }

        public ImmutableDictionary<string, string?> Properties { get; }

        public string Differences { get; }
    }
}
