using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.FixData;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Rules.ContextTypes;

/// <summary>
/// RSTJ001: where a Refit client may run on a <c>StjContentSerializer</c> over a source-generated context alone (the
/// pairing model's <see cref="ClientCreation.StjContextsWithoutFallback"/>), every type the interface reads or writes
/// through the serializer must have metadata in that context; otherwise the first call of that method throws
/// <c>NotSupportedException</c> at run time. Reported at the call that creates the client.
/// </summary>
internal sealed class ContextCoverageRule : Rule
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptors.Rstj001MissingType, Descriptors.Rstj001MissingRuntimeType, Descriptors.Rstj001MissingObjectValueTypes, Descriptors.Rstj001MissingSseItemConverter);

    /// <inheritdoc/>
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new ContextCoverageReporter(known, model);

    private sealed class ContextCoverageReporter : Reporter
    {
        private readonly KnownSymbols _known;
        private readonly PairingModel _model;

        public ContextCoverageReporter(KnownSymbols known, PairingModel model)
        {
            _known = known;
            _model = model;
        }

        /// <summary>Reports, at the creation, each type a context the client may run on alone lacks.</summary>
        public override void ReportCreation(DiagnosticSink context, ClientCreation creation)
        {
            foreach (var serializer in creation.StjContextsWithoutFallback())
            {
                Report(context, creation, serializer.Context!);
            }
        }

        private void Report(DiagnosticSink context, ClientCreation creation, INamedTypeSymbol jsonContext)
        {
            // A creation inside a generic wrapper has no interface of its own: each call that closes it is reported instead,
            // where the call certainly makes it (of several creations, which one a call reaches is not followed).
            if (creation.Api is not { } api || creation.Made == ClientMade.MaybeThroughWrapper || _model.CoverageOf(jsonContext) is not { } coverage)
            {
                return;
            }

            var lastAttribute = coverage.LastAttribute;
            var report = new CreationReport(context, creation, coverage);
            var converters = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var serialized in _model.ContractOf(api))
            {
                context.CancellationToken.ThrowIfCancellationRequested();
                if (SseItemConverters.Missing(serialized, coverage.Context, _model.OptionsOf(coverage.Context), creation.Location, lastAttribute, _known, report.Name, converters) is { } converter)
                {
                    context.ReportDiagnostic(converter);
                }
            }

            foreach (var gap in _model.GapsOf(api, coverage))
            {
                var method = $"{gap.Source.Method.ContainingType.Name}.{gap.Source.Method.Name}";
                switch (gap.Kind)
                {
                    case ContextGapKind.Declared:
                        report.Missing(Descriptors.Rstj001MissingType, gap.Types, method, gap.Source.IsBody ? "writes" : "reads", report.Name(gap.Types[0]));
                        break;
                    case ContextGapKind.RuntimeType:
                        report.Missing(Descriptors.Rstj001MissingRuntimeType, gap.Types, method, report.Name(gap.Source.Type), report.Name(gap.Types[0]));
                        break;
                    default:
                        report.Missing(Descriptors.Rstj001MissingObjectValueTypes, gap.Types, method, string.Join(", ", gap.Types.Select(report.Name)));
                        break;
                }
            }
        }

        /// <summary>Reports at one pairing call, with what the fix needs: the types' IDs and names, the context and its last attribute.</summary>
        private sealed class CreationReport
        {
            private readonly DiagnosticSink _context;
            private readonly Location _call;
            private readonly TypeNames _names;
            private readonly Location? _lastAttribute;
            private readonly ContextCoverage _coverage;

            public CreationReport(DiagnosticSink context, ClientCreation creation, ContextCoverage coverage)
            {
                _context = context;
                _call = creation.Location;
                _names = creation.Names;
                _coverage = coverage;
                _lastAttribute = coverage.LastAttribute;
            }

            // As the call's file writes it, without the '?' of a nullable reference, which typeof refuses.
            public string Name(ITypeSymbol type) => _names.Name(type);

            /// <summary>Reports <paramref name="types"/> missing; the message's arguments are <paramref name="arguments"/> then the context's name.</summary>
            public void Missing(DiagnosticDescriptor rule, ImmutableArray<ITypeSymbol> types, params string[] arguments)
            {
                var properties = FixProperties.MissingTypes(types, Name, _coverage.Context);
                _context.ReportDiagnostic(Diagnostic.Create(
                    rule,
                    _call,
                    additionalLocations: _lastAttribute is null ? [] : [_lastAttribute],
                    properties: properties,
                    [.. arguments, _coverage.Context.Name]));
            }
        }
    }
}
