using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ003: in a project that references RefitStj, a Refit 16 call that builds Refit's own serializer from a
/// <c>JsonSerializerContext</c> (<c>ForGenerated</c>, <c>ForJsonContext</c>, <c>AddRefitGeneratedClient</c> with a context
/// and no settings) leaves that client off RefitStj without a word. RSTJ004: a call that adds a context to settings whose
/// serializer is certainly RefitStj's throws <c>InvalidOperationException</c> when it runs.
/// </summary>
internal sealed class RefitContextRule
{
    /// <summary>The ID of the rule for calls that build Refit's own serializer.</summary>
    public const string RefitSerializerId = "RSTJ003";

    /// <summary>The ID of the rule for calls that throw because the settings' serializer is RefitStj's.</summary>
    public const string ThrowsId = "RSTJ004";

    internal static readonly DiagnosticDescriptor RefitSerializerRule = new(
        RefitSerializerId,
        title: "A Refit context entry point builds Refit's own serializer, not RefitStj",
        messageFormat: "'{0}' builds Refit's own serializer from '{1}': this client runs on Refit's serializer, not RefitStj; use new RefitSettings(StjContentSerializer.ForContext(...)), which keeps the context's options and so the wire format",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "RestService.ForGenerated, RefitSettings.ForJsonContext and AddRefitGeneratedClient / AddKeyedRefitGeneratedClient with a context and no settings create Refit's SystemTextJsonContentSerializer.ForContext. StjContentSerializer.ForContext takes the same options from the context, so the client sends and reads the same JSON on RefitStj. Write Refit's serializer explicitly to keep it for one client.");

    internal static readonly DiagnosticDescriptor ThrowsRule = new(
        ThrowsId,
        title: "A JsonSerializerContext is added to settings whose serializer is RefitStj's, which throws",
        messageFormat: "'{0}' adds '{1}' to settings whose serializer is StjContentSerializer and throws InvalidOperationException when it runs (Refit adds a context only to its own serializer); use UseStjJsonContext, which adds the context to these settings' options",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "RefitSettings.UseJsonContext, RestService.ForGenerated with a context and settings, and AddRefitGeneratedClient with a context and a settings action require Refit's SystemTextJsonContentSerializer. RefitStj's UseStjJsonContext does the same for settings over StjContentSerializer.");

    /// <summary>Both rules' descriptors, for the analyzer's list.</summary>
    public static ImmutableArray<DiagnosticDescriptor> Descriptors { get; } = ImmutableArray.Create(RefitSerializerRule, ThrowsRule);

    private readonly KnownSymbols _known;
    private readonly PairingModel _model;

    public RefitContextRule(KnownSymbols known, PairingModel model)
    {
        _known = known;
        _model = model;
    }

    /// <summary>Reports <paramref name="invocation"/> when it is a Refit 16 context entry point that leaves RefitStj or throws on it.</summary>
    public void Report(OperationAnalysisContext context, IInvocationOperation invocation)
    {
        if (RefitContextEntryPoints.Find(invocation, _known) is not { } entryPoint)
        {
            return;
        }

        if (entryPoint.BuildsRefitSerializer)
        {
            context.ReportDiagnostic(Diagnostic.Create(RefitSerializerRule, entryPoint.Location, RefitContextFix.Properties(entryPoint), entryPoint.MethodName, entryPoint.ContextName));
        }
        else if (RefitContextEntryPoints.Throws(entryPoint, _model))
        {
            context.ReportDiagnostic(Diagnostic.Create(ThrowsRule, entryPoint.Location, RefitContextFix.Properties(entryPoint), entryPoint.MethodName, entryPoint.ContextName));
        }
    }
}
