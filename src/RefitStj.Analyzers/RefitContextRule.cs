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
            context.ReportDiagnostic(Diagnostic.Create(Descriptors.RefitSerializer, entryPoint.Location, RefitContextFix.Properties(entryPoint), entryPoint.MethodName, entryPoint.ContextName));
        }
        else if (RefitContextEntryPoints.Throws(entryPoint, _model))
        {
            context.ReportDiagnostic(Diagnostic.Create(Descriptors.ContextThrows, entryPoint.Location, RefitContextFix.Properties(entryPoint), entryPoint.MethodName, entryPoint.ContextName));
        }
    }
}
