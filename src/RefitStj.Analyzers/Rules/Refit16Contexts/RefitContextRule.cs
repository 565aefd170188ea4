using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.Refit16Contexts;

/// <summary>
/// RSTJ003: in a project that references RefitStj, a Refit 16 call that builds Refit's own serializer from a
/// <c>JsonSerializerContext</c> (<c>ForGenerated</c>, <c>ForJsonContext</c>, <c>AddRefitGeneratedClient</c> with a context
/// and no settings) leaves that client off RefitStj without a word. RSTJ004: a call that adds a context to settings whose
/// serializer is certainly RefitStj's throws <c>InvalidOperationException</c> when it runs. Both read the pairing model's
/// <see cref="ContextEntryPoint"/>. Where RSTJ002 would take the context of a fixed RSTJ003 call for Refit's default
/// format, the fix also states the format it has (<see cref="FixProperties.StatesDefaults"/>), so the wire stays.
/// </summary>
internal sealed class RefitContextRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj003RefitSerializer, Descriptors.Rstj004ContextThrows);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new RefitContextReporter(known, model);

    private sealed class RefitContextReporter : Reporter
    {
        private readonly KnownSymbols _known;
        private readonly PairingModel _model;

        public RefitContextReporter(KnownSymbols known, PairingModel model)
        {
            _known = known;
            _model = model;
        }

        /// <summary>Reports the entry point when it leaves RefitStj or throws on it.</summary>
        public override void ReportEntryPoint(DiagnosticSink context, ContextEntryPoint entryPoint)
        {
            var descriptor = entryPoint.BuildsRefitSerializer ? Descriptors.Rstj003RefitSerializer : entryPoint.Throws ? Descriptors.Rstj004ContextThrows : null;
            if (descriptor is not null)
            {
                var properties = entryPoint.BuildsRefitSerializer && entryPoint.FixProperties.Count > 0 && NeedsDefaultsStated(entryPoint.AttributeContext)
                    ? FixProperties.StatesDefaults(entryPoint.FixProperties, entryPoint.AttributeContext!)
                    : entryPoint.FixProperties;
                context.ReportDiagnostic(Diagnostic.Create(
                    descriptor, entryPoint.Location, properties, entryPoint.MethodName, entryPoint.ContextName));
            }
        }

        /// <summary>Whether RSTJ002 would report <paramref name="jsonContext"/> under <c>new StjContentSerializer(context)</c>, and its attribute can be written here.</summary>
        private bool NeedsDefaultsStated(INamedTypeSymbol? jsonContext)
        {
            if (jsonContext is null || _known is not { JsonConverterAttribute: not null, JsonSourceGenerationOptionsAttribute: not null } || _model.CoverageOf(jsonContext) is not { } coverage)
            {
                return false;
            }

            var options = _model.OptionsOf(jsonContext);
            return !options.StatesOwnFormat && (options.Attribute ?? coverage.LastAttribute) is not null && !OptionsDifferences.Find(coverage, [], options, _known).IsEmpty;
        }
    }
}
