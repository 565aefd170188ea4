using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RefitStj's build-time checks, one analyzer over one compilation-start state: each call that creates a Refit client,
/// and each Refit 16 context entry point, is read once into the pairing model (<see cref="PairingModel"/>), and every
/// <see cref="Rule"/> of this assembly reports from that one reading: per creation, per entry point, and at the
/// compilation's end over every creation (those made through generic wrappers included).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class RefitStjAnalyzer : DiagnosticAnalyzer
{
    // Every rule of the assembly, found once per process: adding a rule adds a subclass, not a line here.
    private static readonly ImmutableArray<Rule> s_rules = typeof(Rule).GetTypeInfo().Assembly.DefinedTypes
        .Where(type => !type.IsAbstract && type.IsSubclassOf(typeof(Rule)))
        .OrderBy(type => type.FullName, StringComparer.Ordinal)
        .Select(type => (Rule)Activator.CreateInstance(type.AsType())!)
        .ToImmutableArray();

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = s_rules.SelectMany(rule => rule.SupportedDiagnostics).ToImmutableArray();

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
            var reporters = s_rules.Select(rule => rule.Start(known, model)).OfType<Rule.Reporter>().ToImmutableArray();
            var wrapperCalls = new ConcurrentBag<IInvocationOperation>();
            start.RegisterOperationAction(
                operation =>
                {
                    var invocation = (IInvocationOperation)operation.Operation;
                    if (model.EntryPointOf(invocation) is { } entryPoint)
                    {
                        foreach (var reporter in reporters)
                        {
                            reporter.ReportEntryPoint(operation, entryPoint);
                        }
                    }

                    if (model.CreationOf(invocation) is { } creation)
                    {
                        foreach (var reporter in reporters)
                        {
                            reporter.ReportCreation(operation, creation);
                        }
                    }

                    // A generic method of this compilation may wrap a client creation over its type parameter: its calls close it.
                    if (invocation.TargetMethod.IsGenericMethod && invocation.TargetMethod.Locations.Any(l => l.IsInSource && start.Compilation.ContainsSyntaxTree(l.SourceTree!)))
                    {
                        wrapperCalls.Add(invocation);
                    }
                },
                OperationKind.Invocation);

            // Rules about an interface, whose clients may be created anywhere, read once every creation is in.
            start.RegisterCompilationEndAction(end =>
            {
                var creations = WithWrapperCalls(model.Creations.ToList(), wrapperCalls);
                foreach (var reporter in reporters)
                {
                    reporter.ReportAtEnd(end, creations);
                }
            });
        });
    }

    /// <summary>
    /// The creations, and for each wrapper over a type parameter, the clients its calls make: certain where the wrapper
    /// holds one creation over that parameter; where it holds several (one picked by the type argument, say), each call
    /// only may make each, so the error rules stay silent on them.
    /// </summary>
    private static List<ClientCreation> WithWrapperCalls(List<ClientCreation> creations, IEnumerable<IInvocationOperation> calls) =>
        creations.Concat(creations.Where(c => c.Api is null)
            .GroupBy(c => c.ApiType, SymbolEqualityComparer.Default)
            .SelectMany(group => group.Select(wrapped => group.Count() == 1 ? wrapped : wrapped.MaybeMade()))
            .SelectMany(wrapped => calls.Select(wrapped.ThroughWrapper).OfType<ClientCreation>())).ToList();
}
