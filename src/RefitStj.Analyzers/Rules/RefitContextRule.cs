using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// RSTJ003: in a project that references RefitStj, a Refit 16 call that builds Refit's own serializer from a
/// <c>JsonSerializerContext</c> (<c>ForGenerated</c>, <c>ForJsonContext</c>, <c>AddRefitGeneratedClient</c> with a context
/// and no settings) leaves that client off RefitStj without a word. RSTJ004: a call that adds a context to settings whose
/// serializer is certainly RefitStj's throws <c>InvalidOperationException</c> when it runs. Both read the pairing model's
/// <see cref="ContextEntryPoint"/>.
/// </summary>
internal sealed class RefitContextRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj003RefitSerializer, Descriptors.Rstj004ContextThrows);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new OnCompilation();

    private sealed class OnCompilation : Reporter
    {
        /// <summary>Reports the entry point when it leaves RefitStj or throws on it.</summary>
        public override void ReportEntryPoint(DiagnosticSink context, ContextEntryPoint entryPoint)
        {
            var descriptor = entryPoint.BuildsRefitSerializer ? Descriptors.Rstj003RefitSerializer : entryPoint.Throws ? Descriptors.Rstj004ContextThrows : null;
            if (descriptor is not null)
            {
                context.ReportDiagnostic(Diagnostic.Create(
                    descriptor, entryPoint.Location, entryPoint.FixProperties, entryPoint.MethodName, entryPoint.ContextName));
            }
        }
    }
}
