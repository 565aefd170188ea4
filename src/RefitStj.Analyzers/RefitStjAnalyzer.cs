using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using RefitStj.Analyzers.Core;
using RefitStj.Analyzers.Core.Clients;
using RefitStj.Analyzers.Core.Symbols;
using RefitStj.Analyzers.Core.Values;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Rules.ContextTypes;
using RefitStj.Analyzers.Rules.JsonNet;
using RefitStj.Analyzers.Rules.QueryConversion;
using RefitStj.Analyzers.Rules.Refit16Contexts;
using RefitStj.Analyzers.Rules.WireOptions;

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
/// a creation or entry point is a value of one callback, read with that callback's semantic model only. One whose
/// serializer this file shows is reported there (live in the editor); one that reads settings written in another file
/// waits for the end, where <see cref="CompilationFacts"/> (what each file's own callbacks read) settles it. The end set is
/// built once, after every callback, from creations that hold symbols and locations only. No rule reads a value another
/// callback is still making, and no operation or semantic model outlives its callback.
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class RefitStjAnalyzer : DiagnosticAnalyzer
{
    // Every rule, in the order of their IDs; a new rule is one line here (RefitStjAnalyzerTests checks none is left out).
    internal static ImmutableArray<Rule> Rules { get; } = ImmutableArray.Create<Rule>(
        new ContextCoverageRule(),
        new CompatibleOptionsRule(),
        new RefitContextRule(),
        new QueryConverterRule(),
        new StjQueryConverterRule(),
        new JsonNetAttributesRule());

    /// <inheritdoc/>
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = Rules.SelectMany(rule => rule.SupportedDiagnostics).ToImmutableArray();

    /// <summary>Handed each compilation's facts once its end is reported: the tests count the settling's work there.</summary>
    internal Action<CompilationFacts>? Settled { get; set; }

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
            var reporters = Rules.Select(rule => rule.Start(known, model)).OfType<Rule.Reporter>().ToImmutableArray();
            var facts = new CompilationFacts();
            var creations = new ConcurrentBag<ClientCreation>();
            var genericCalls = new ConcurrentBag<GenericCall>();
            var creationsToSettle = new ConcurrentBag<ClientCreation>();
            var entryPointsToSettle = new ConcurrentBag<ContextEntryPoint>();

            // What other files may read, each read in its own file's callback (no semantic model of another file is asked for).
            start.RegisterOperationBlockAction(block =>
            {
                if (block.OwningSymbol is IMethodSymbol method && model.ReturnsOf(method, block.OperationBlocks) is var (use, values))
                {
                    facts.AddReturns(method, use, values);
                }

                // What was analysed where a followed holder may be named: code Roslyn skips (generated) leaves the holder unknown.
                if (model.MayNameHolders(block.OwningSymbol.ContainingType))
                {
                    foreach (var operation in block.OperationBlocks)
                    {
                        facts.Analysed(operation.Syntax.SyntaxTree, operation.Syntax.Span);
                    }
                }
            });
            start.RegisterOperationAction(
                reference =>
                {
                    if (model.MemberFactOf(reference.Operation, reference.ContainingSymbol) is { } fact)
                    {
                        facts.Add(fact);
                    }
                },
                OperationKind.FieldReference,
                OperationKind.PropertyReference,
                OperationKind.FieldInitializer,
                OperationKind.PropertyInitializer);

            start.RegisterOperationAction(
                operation =>
                {
                    var invocation = (IInvocationOperation)operation.Operation;
                    var sink = new DiagnosticSink(operation.ReportDiagnostic, operation.CancellationToken);
                    if (model.EntryPointOf(invocation) is { } entryPoint)
                    {
                        // Reported here, live in the editor, when this file shows the settings; else at the end.
                        if (entryPoint.SettingsSerializer.IsWrittenElsewhere)
                        {
                            entryPointsToSettle.Add(entryPoint);
                        }
                        else
                        {
                            Report(reporters, sink, entryPoint);
                        }
                    }

                    if (model.CreationOf(invocation) is { } creation)
                    {
                        if (creation.Serializer.IsWrittenElsewhere)
                        {
                            creationsToSettle.Add(creation);
                        }
                        else
                        {
                            Report(reporters, sink, creation);
                            creations.Add(creation);
                        }
                    }

                    // A generic method of this compilation may wrap a client creation over its type parameter: its calls close it.
                    if (invocation.TargetMethod.IsGenericMethod && invocation.TargetMethod.Locations.Any(l => l.IsInSource && start.Compilation.ContainsSyntaxTree(l.SourceTree!)))
                    {
                        genericCalls.Add(model.GenericCallOf(invocation));
                    }
                },
                OperationKind.Invocation);

            // Values read from other files are settled once every file is read; then the clients generic wrappers make are
            // reported as creations, and the rules about an interface, whose clients may be created anywhere, read every one.
            start.RegisterCompilationEndAction(end =>
            {
                var sink = new DiagnosticSink(end.ReportDiagnostic, end.CancellationToken);
                foreach (var entryPoint in entryPointsToSettle.OrderBy(e => e.Location, CompilationClients.Locations))
                {
                    Report(reporters, sink, entryPoint.WithSettingsSerializer(facts.Settle(entryPoint.SettingsSerializer)));
                }

                foreach (var creation in creationsToSettle.OrderBy(c => c.Location, CompilationClients.Locations))
                {
                    var settled = creation.WithSerializer(facts.Settle(creation.Serializer));
                    Report(reporters, sink, settled);
                    creations.Add(settled);
                }

                var clients = CompilationClients.Of(creations, genericCalls);
                foreach (var throughWrapper in clients.Where(c => c.Made != ClientMade.ByItsCall))
                {
                    Report(reporters, sink, throughWrapper);
                }

                foreach (var reporter in reporters)
                {
                    reporter.ReportAtEnd(end, clients);
                }

                Settled?.Invoke(facts);
            });
        });
    }

    private static void Report(ImmutableArray<Rule.Reporter> reporters, DiagnosticSink sink, ContextEntryPoint entryPoint)
    {
        foreach (var reporter in reporters)
        {
            reporter.ReportEntryPoint(sink, entryPoint);
        }
    }

    private static void Report(ImmutableArray<Rule.Reporter> reporters, DiagnosticSink sink, ClientCreation creation)
    {
        foreach (var reporter in reporters)
        {
            reporter.ReportCreation(sink, creation);
        }
    }
}
