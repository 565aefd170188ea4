using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.QueryConversion;

/// <summary>
/// RSTJ006: RefitStj's <c>StjQueryConverter&lt;T&gt;</c> throws <c>NotSupportedException</c> at each call on a client whose
/// serializer is not <c>StjContentSerializer</c>. Where a client of the interface certainly runs on another serializer,
/// each parameter naming it is reported once: at the converter where it is written in this compilation, else at the
/// first such client creation. No fix: which side to change is the user's call.
/// </summary>
internal sealed class StjQueryConverterRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj006StjQueryConverterOnRefit);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new QueryConverters(known) is { Any: true } converters ? new StjQueryConverterReporter(converters) : null;

    private sealed class StjQueryConverterReporter : Reporter
    {
        private readonly QueryConverters _converters;

        public StjQueryConverterReporter(QueryConverters converters) => _converters = converters;

        /// <summary>Reports each RefitStj query converter of an interface some client of <paramref name="creations"/> certainly runs on another serializer.</summary>
        public override void ReportAtEnd(CompilationAnalysisContext context, IReadOnlyList<ClientCreation> creations)
        {
            foreach (var api in InterfaceClients.Of(creations))
            {
                var onRefit = api.Clients.Where(c => c.Serializer.IsCertainlyRefitOwn()).ToList();
                if (onRefit.Count == 0)
                {
                    continue;
                }

                foreach (var (method, parameter, isRefits, written, item) in _converters.In(api.Definition, context.CancellationToken))
                {
                    if (!isRefits)
                    {
                        context.ReportDiagnostic(Diagnostic.Create(Descriptors.Rstj006StjQueryConverterOnRefit, written ?? onRefit[0].Location, method, parameter.Name, item, api.NameOf(onRefit)));
                    }
                }
            }
        }
    }
}
