using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.QueryConversion;

/// <summary>
/// RSTJ005: Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c> throws <c>NotSupportedException</c> at each call on a client
/// whose serializer is not Refit's. Where a client of the interface certainly runs on RefitStj, each parameter naming it
/// is reported once, however many clients or closed generic forms the interface has: at the converter where it is written
/// in this compilation (fixed to <c>StjQueryConverter&lt;T&gt;</c>), else at the first such client creation. Where a client
/// of the interface may run on Refit's serializer, where <c>StjQueryConverter&lt;T&gt;</c> would throw in turn, the report
/// names both and carries no fix.
/// </summary>
internal sealed class QueryConverterRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj005QueryConverter, Descriptors.Rstj005QueryConverterOnBoth, Descriptors.Rstj005QueryConverterInReference);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new QueryConverters(known) is { Any: true } converters ? new QueryConverterReporter(converters) : null;

    private sealed class QueryConverterReporter : Reporter
    {
        private readonly QueryConverters _converters;

        public QueryConverterReporter(QueryConverters converters) => _converters = converters;

        /// <summary>Reports each Refit query converter of an interface some client of <paramref name="creations"/> certainly runs on RefitStj.</summary>
        public override void ReportAtEnd(CompilationAnalysisContext context, IReadOnlyList<ClientCreation> creations)
        {
            foreach (var api in InterfaceClients.Of(creations))
            {
                var onRefitStj = api.Clients.Where(c => c.Serializer.IsCertainlyRefitStj()).ToList();
                if (onRefitStj.Count == 0)
                {
                    continue;
                }

                var mayBeRefit = api.Clients.FirstOrDefault(c => c.Serializer.MayBeRefitOwn());
                foreach (var (method, parameter, isRefits, written, item) in _converters.In(api.Definition, context.CancellationToken))
                {
                    if (!isRefits)
                    {
                        continue;
                    }

                    var location = written ?? onRefitStj[0].Location;
                    context.ReportDiagnostic((mayBeRefit, written) switch
                    {
                        (not null, _) => Diagnostic.Create(Descriptors.Rstj005QueryConverterOnBoth, location, method, parameter.Name, item, api.NameOf(onRefitStj), mayBeRefit.Api!.Name),
                        (null, null) => Diagnostic.Create(Descriptors.Rstj005QueryConverterInReference, location, method, parameter.Name, item, api.NameOf(onRefitStj)),
                        _ => Diagnostic.Create(Descriptors.Rstj005QueryConverter, location, FixProperties.ReplaceQueryConverter, method, parameter.Name, item, api.NameOf(onRefitStj)),
                    });
                }
            }
        }
    }
}
