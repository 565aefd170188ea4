using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ001: where a Refit client is created with a <c>StjContentSerializer</c> over a source-generated context, every type
/// the interface reads or writes through the serializer must have metadata in that context; otherwise the first call of
/// that method throws <c>NotSupportedException</c> at run time. Reported at the call that creates the client.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ContextCoverageAnalyzer : DiagnosticAnalyzer
{
    /// <summary>The diagnostic's ID.</summary>
    public const string DiagnosticId = "RSTJ001";

    /// <summary>The property holding the missing type's documentation ID (<c>DocumentationCommentId.CreateReferenceId</c>).</summary>
    public const string TypeIdProperty = "TypeId";

    /// <summary>The property holding the missing type's name as the message shows it.</summary>
    public const string TypeNameProperty = "TypeName";

    /// <summary>The property holding the context's name.</summary>
    public const string ContextProperty = "Context";

    // The factories that take a RefitSettings: RestService's, and Refit.HttpClientFactory's registrations.
    private static readonly ImmutableHashSet<string> s_restServiceFactories = ImmutableHashSet.Create(StringComparer.Ordinal, "For", "ForGenerated");
    private static readonly ImmutableHashSet<string> s_registrations = ImmutableHashSet.Create(StringComparer.Ordinal, "AddRefitClient", "AddRefitGeneratedClient", "AddKeyedRefitClient");

    // How the message names a type: as the code would, without the '?' of a nullable reference, which typeof refuses.
    private static readonly SymbolDisplayFormat s_typeFormat = SymbolDisplayFormat.MinimallyQualifiedFormat
        .RemoveMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    // A field, not a property: the release-tracking analyzer (RS2002) only reads descriptors from field initializers.
    private static readonly DiagnosticDescriptor s_rule = new(
        DiagnosticId,
        title: "A source-generated JsonSerializerContext lacks a type a Refit interface reads or writes",
        messageFormat: "'{0}' {1} '{2}' through the content serializer, but '{3}' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof({2}))] to '{3}'",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "StjContentSerializer over a JsonSerializerContext uses only that context's metadata. A type a Refit method reads or writes that the context neither declares with [JsonSerializable] nor reaches from a declared type fails at the first call of that method.");

    internal static DiagnosticDescriptor Rule => s_rule;

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule, SseItemConverters.Rule);

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (KnownSymbols.Create(start.Compilation) is { } known)
            {
                var analysis = new Analysis(known);
                start.RegisterOperationAction(analysis.AnalyzeInvocation, OperationKind.Invocation);
            }
        });
    }

    /// <summary>One compilation's analysis, with what it has read so far: contexts, interfaces, return-type adapters.</summary>
    private sealed class Analysis
    {
        private readonly KnownSymbols _known;
        private readonly ConcurrentDictionary<INamedTypeSymbol, ContextCoverage?> _coverage = new(SymbolEqualityComparer.Default);
        private readonly ConcurrentDictionary<INamedTypeSymbol, List<SerializedType>> _contracts = new(SymbolEqualityComparer.Default);
        private readonly Lazy<HashSet<INamedTypeSymbol>> _adaptedReturnTypes;

        public Analysis(KnownSymbols known)
        {
            _known = known;
            _adaptedReturnTypes = new(() => ReturnTypeAdapters.AdaptedReturnTypes(known));
        }

        public void AnalyzeInvocation(OperationAnalysisContext context)
        {
            var invocation = (IInvocationOperation)context.Operation;
            if (!IsFactoryCall(invocation)
                || invocation.TargetMethod.TypeArguments.Length != 1
                || invocation.TargetMethod.TypeArguments[0] is not INamedTypeSymbol { TypeKind: TypeKind.Interface } api
                || invocation.Arguments.FirstOrDefault(a => KnownSymbols.Is(a.Parameter?.Type, _known.RefitSettings)) is not { } settings
                || Pairing.ContextOf(settings.Value, _known, IsFactoryCall) is not { } contextType
                || _coverage.GetOrAdd(contextType, type => ContextCoverage.Read(type, _known)) is not { LastAttribute: { } lastAttribute } coverage)
            {
                return;
            }

            var contract = _contracts.GetOrAdd(api, type => RefitContract.SerializedTypes(type, _known, IsAdapted));
            var reported = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var serialized in contract)
            {
                context.CancellationToken.ThrowIfCancellationRequested();
                string Display(ITypeSymbol type) => type.ToMinimalDisplayString(invocation.SemanticModel!, invocation.Syntax.SpanStart, s_typeFormat);
                if (SseItemConverters.Missing(serialized, coverage.Context, invocation.Syntax.GetLocation(), lastAttribute, _known, Display, reported) is { } converter)
                {
                    context.ReportDiagnostic(converter);
                }

                if (coverage.Covers(serialized.Type) || !reported.Add(serialized.Type))
                {
                    continue;
                }

                var typeName = Display(serialized.Type);
                var properties = ImmutableDictionary<string, string?>.Empty
                    .Add(TypeIdProperty, DocumentationCommentId.CreateReferenceId(serialized.Type))
                    .Add(TypeNameProperty, typeName)
                    .Add(ContextProperty, coverage.Context.Name);
                context.ReportDiagnostic(Diagnostic.Create(
                    Rule,
                    invocation.Syntax.GetLocation(),
                    additionalLocations: [lastAttribute],
                    properties: properties,
                    $"{serialized.Method.ContainingType.Name}.{serialized.Method.Name}",
                    serialized.IsBody ? "writes" : "reads",
                    typeName,
                    coverage.Context.Name));
            }
        }

        private bool IsAdapted(INamedTypeSymbol returnType) => _adaptedReturnTypes.Value.Contains(returnType);

        private bool IsFactoryCall(IInvocationOperation invocation)
        {
            var method = invocation.TargetMethod;
            if (KnownSymbols.Is(method.ContainingType, _known.RestService))
            {
                return s_restServiceFactories.Contains(method.Name);
            }

            // Refit.HttpClientFactory's extensions, also as C# 14 extension blocks (nested in the static class).
            return s_registrations.Contains(method.Name)
                && (method.ContainingType is { Name: "HttpClientFactoryExtensions" } || method.ContainingType?.ContainingType is { Name: "HttpClientFactoryExtensions" })
                && method.ContainingNamespace?.ToDisplayString() is "Refit" or "Microsoft.Extensions.DependencyInjection";
        }
    }
}
