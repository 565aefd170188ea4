using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

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
    public override Reporter? Start(KnownSymbols known, PairingModel model) => new OnCompilation(known, model);

    private sealed class OnCompilation : Reporter
    {
        private readonly KnownSymbols _known;
        private readonly PairingModel _model;

        public OnCompilation(KnownSymbols known, PairingModel model)
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

            var contract = _model.ContractOf(api);
            var reported = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
            var report = new Reporter(context, creation, coverage, lastAttribute);
            foreach (var serialized in contract)
            {
                context.CancellationToken.ThrowIfCancellationRequested();
                if (SseItemConverters.Missing(serialized, coverage.Context, _model.OptionsOf(coverage.Context), creation.Location, lastAttribute, _known, report.Name, reported) is { } converter)
                {
                    context.ReportDiagnostic(converter);
                }

                if (!coverage.Covers(serialized.Type) && reported.Add(serialized.Type))
                {
                    report.Missing(Descriptors.Rstj001MissingType, [serialized.Type], $"{serialized.Method.ContainingType.Name}.{serialized.Method.Name}", serialized.IsBody ? "writes" : "reads", report.Name(serialized.Type));
                }
            }

            // What bodies hand over at run time: checked once the declared types are, each type reported once per call.
            foreach (var serialized in contract)
            {
                if (serialized.IsBody)
                {
                    ReportRuntimeTypes(report, serialized, reported);
                }
            }
        }

        private void ReportRuntimeTypes(Reporter report, SerializedType body, HashSet<ITypeSymbol> reported)
        {
            var method = $"{body.Method.ContainingType.Name}.{body.Method.Name}";
            var context = report.Coverage.Context;
            if (RuntimeBodyTypes.WritesRuntimeType(body.Type, _known))
            {
                foreach (var type in RuntimeBodyTypes.Implementations(body.Type, _model.ConcreteSourceTypes))
                {
                    if (!report.Coverage.Covers(type) && _known.Compilation.IsSymbolAccessibleWithin(type, context) && reported.Add(type))
                    {
                        report.Missing(Descriptors.Rstj001MissingRuntimeType, [type], method, report.Name(body.Type), report.Name(type));
                    }
                }
            }

            if (RuntimeBodyTypes.ReachesObject(body.Type, _known))
            {
                var missing = _model.ObjectValueTypes.Where(type => !report.Coverage.Covers(type) && reported.Add(type)).ToList();
                if (missing.Count > 0)
                {
                    report.Missing(Descriptors.Rstj001MissingObjectValueTypes, missing, method, string.Join(", ", missing.Select(report.Name)));
                }
            }
        }

        /// <summary>Reports at one pairing call, with what the fix needs: the types' IDs and names, the context and its last attribute.</summary>
        private sealed class Reporter
        {
            private readonly DiagnosticSink _context;
            private readonly Location _call;
            private readonly TypeNames _names;
            private readonly Location? _lastAttribute;

            public Reporter(DiagnosticSink context, ClientCreation creation, ContextCoverage coverage, Location? lastAttribute)
            {
                _context = context;
                _call = creation.Location;
                _names = creation.Names;
                Coverage = coverage;
                _lastAttribute = lastAttribute;
            }

            public ContextCoverage Coverage { get; }

            // As the call's file writes it, without the '?' of a nullable reference, which typeof refuses.
            public string Name(ITypeSymbol type) => _names.Name(type);

            /// <summary>Reports <paramref name="types"/> missing; the message's arguments are <paramref name="arguments"/> then the context's name.</summary>
            public void Missing(DiagnosticDescriptor rule, IReadOnlyList<ITypeSymbol> types, params string[] arguments)
            {
                var properties = FixProperties.MissingTypes(types, Name, Coverage.Context);
                _context.ReportDiagnostic(Diagnostic.Create(
                    rule,
                    _call,
                    additionalLocations: _lastAttribute is null ? [] : [_lastAttribute],
                    properties: properties,
                    [.. arguments, Coverage.Context.Name]));
            }
        }
    }
}
