using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace RefitStj.Analyzers;

/// <summary>
/// RefitStj's build-time checks, one analyzer over one compilation-start state. Recognise once, then rules read: each
/// call that creates a Refit client, and each Refit 16 context entry point, is read once, in its own callback, into an
/// immutable value of the pairing model (<see cref="PairingModel"/>), which every <see cref="Rule"/> of this assembly
/// reports from there; at the compilation's end, the creations so read (and those made through generic wrappers) are
/// one immutable, ordered set (<see cref="CompilationClients"/>) for the rules about an interface.
/// </summary>
/// <remarks>
/// Lifetime: the <see cref="PairingModel"/> lives from the compilation's start to its end and holds no value of a call;
/// a creation or entry point is a value of one callback; the end set is built once, after every callback, from
/// creations that hold symbols and locations only. No rule reads a value another callback is still making.
/// </remarks>
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
            var creations = new ConcurrentBag<ClientCreation>();
            var genericCalls = new ConcurrentBag<GenericCall>();
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

                        creations.Add(creation);
                    }

                    // A generic method of this compilation may wrap a client creation over its type parameter: its calls close it.
                    if (invocation.TargetMethod.IsGenericMethod && invocation.TargetMethod.Locations.Any(l => l.IsInSource && start.Compilation.ContainsSyntaxTree(l.SourceTree!)))
                    {
                        genericCalls.Add(new GenericCall(invocation.TargetMethod, invocation.Syntax.GetLocation()));
                    }
                },
                OperationKind.Invocation);

            // Rules about an interface, whose clients may be created anywhere, read once every creation is in.
            start.RegisterCompilationEndAction(end =>
            {
                var clients = CompilationClients.Of(creations, genericCalls);
                foreach (var reporter in reporters)
                {
                    reporter.ReportAtEnd(end, clients);
                }
            });
        });
    }
}
