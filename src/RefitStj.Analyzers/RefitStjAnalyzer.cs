using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RefitStj's build-time checks, one analyzer over one compilation-start state: each call that creates a Refit client is
/// read once into the pairing model (<see cref="PairingModel"/>), and every rule reports from that one reading:
/// RSTJ001 (<see cref="ContextCoverageRule"/>) and RSTJ002 (<see cref="CompatibleOptionsRule"/>); RSTJ003 and RSTJ004
/// (<see cref="RefitContextRule"/>) read every invocation, as Refit 16's context entry points are not all client creations;
/// RSTJ005 (<see cref="QueryConverterRule"/>) reads every creation at the compilation's end.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class RefitStjAnalyzer : DiagnosticAnalyzer
{
    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = Descriptors.All;

    /// <inheritdoc/>
    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(start =>
        {
            if (KnownSymbols.Create(start.Compilation) is not { } known)
            {
                return;
            }

            var model = new PairingModel(known);
            var coverage = new ContextCoverageRule(known, model);
            var options = CompatibleOptionsRule.Create(known, model);
            var queryConverter = new QueryConverterRule(known);
            var wrapperCalls = new ConcurrentBag<IInvocationOperation>();
            start.RegisterOperationAction(
                operation =>
                {
                    var invocation = (IInvocationOperation)operation.Operation;
                    if (model.EntryPointOf(invocation) is { } entryPoint)
                    {
                        RefitContextRule.Report(operation, entryPoint);
                    }

                    if (model.CreationOf(invocation) is { } creation)
                    {
                        coverage.Report(operation, creation);
                        options?.Report(operation, creation);
                    }

                    // A generic method of this compilation may wrap a client creation over its type parameter: its calls close it.
                    if (invocation.TargetMethod.IsGenericMethod && invocation.TargetMethod.Locations.Any(l => l.IsInSource && start.Compilation.ContainsSyntaxTree(l.SourceTree!)))
                    {
                        wrapperCalls.Add(invocation);
                    }
                },
                OperationKind.Invocation);

            // RSTJ005 speaks of an interface, whose clients may be created anywhere: read once every creation is in.
            start.RegisterCompilationEndAction(end => queryConverter.Report(end, WithWrapperCalls(model.Creations.ToList(), wrapperCalls)));
        });
    }

    /// <summary>The creations, and for each wrapper over a type parameter, the clients its calls make.</summary>
    private static IEnumerable<ClientCreation> WithWrapperCalls(List<ClientCreation> creations, IEnumerable<IInvocationOperation> calls) =>
        creations.Concat(creations.Where(c => c.Api is null).SelectMany(wrapped => calls.Select(wrapped.ThroughWrapper).OfType<ClientCreation>()));
}
