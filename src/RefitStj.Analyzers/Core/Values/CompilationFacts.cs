using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// What each file's callbacks found that other files' values may read: what the methods that return settings or a
/// serializer return, and every reference to and initializer of a followed field or auto-property inside its own type.
/// Filled while the files are analysed, each fact read with its own file's semantic model and made of symbols only; at
/// the compilation's end, <see cref="Settle(SerializerValue)"/> reads a value written elsewhere from them
/// (<see cref="HolderValues"/>).
/// </summary>
/// <remarks>
/// A member is known only where every code block of its type that names it was analysed: Roslyn skips generated files
/// and members marked <c>[GeneratedCode]</c>, and what those do with the member is not known, so no rule guesses.
/// </remarks>
internal sealed class CompilationFacts
{
    private readonly ConcurrentDictionary<SyntaxTree, ConcurrentBag<TextSpan>> _analysedBlocks = new();
    private readonly ConcurrentDictionary<ISymbol, (ValueUse Use, ImmutableArray<SerializerValue> Values)> _returns = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, ConcurrentBag<MemberFact>> _members = new(SymbolEqualityComparer.Default);

    // Read at the end only (one thread), each once.
    private readonly Dictionary<ISymbol, MemberFacts?> _memberFacts = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<SyntaxTree, TextSpan[]> _blocksByStart = [];
    private readonly Dictionary<ISymbol, ContextValue?> _contexts = new(SymbolEqualityComparer.Default);
    private HolderValues? _holders;

    /// <summary>A code block (a body, an initializer) whose operations were analysed: the names of holders in it are all facts.</summary>
    public void Analysed(SyntaxTree tree, TextSpan block) => _analysedBlocks.GetOrAdd(tree, _ => []).Add(block);

    public void AddReturns(IMethodSymbol method, ValueUse use, ImmutableArray<SerializerValue> values) => _returns.TryAdd(method.OriginalDefinition, (use, values));

    public void Add(MemberFact fact) => _members.GetOrAdd(fact.Member, _ => []).Add(fact);

    /// <summary>
    /// <paramref name="value"/> with every part written in another file read from that file's facts, as the file's own
    /// callback would have read it; <see cref="SerializerValue.Unknown"/> where the facts are not all there. Call only
    /// after every file's callbacks, at the compilation's end.
    /// </summary>
    public SerializerValue Settle(SerializerValue value) => (_holders ??= new HolderValues(this)).Settle(value);

    /// <summary>How many times a holder's facts were read while settling: once a holder, whatever the shape of their calls.</summary>
    public int HolderEvaluations => _holders?.Evaluations ?? 0;

    /// <summary>What a method of the compilation returns, read as <paramref name="use"/>, or <see langword="null"/> where not known.</summary>
    public ImmutableArray<SerializerValue>? Returns(ISymbol method, ValueUse use) =>
        _returns.TryGetValue(method, out var returns) && returns.Use == use && !returns.Values.IsEmpty ? returns.Values : null;

    /// <summary>The single value a settings or serializer member is written with, read as <see cref="SerializerReader"/> reads a member of one file, before that value is settled.</summary>
    public (SerializerValue Written, bool ReachableElsewhere)? WrittenOnce(ISymbol member, bool settings) =>
        FactsOf(member) is { } facts && facts.Writes.Length == 1 && facts.Writes[0].Value is { } written && (!settings || facts.Reads.All(r => r.KeepsSerializer))
            ? (written, settings && (!SettingsEscape.IsPrivate(member) || !facts.Reads.All(r => r.StaysInScope)))
            : null;

    /// <summary>The context a member holds, followed through members holding it in turn; <see langword="null"/> where not known.</summary>
    public ContextValue? ContextIn(ISymbol member)
    {
        if (_contexts.TryGetValue(member, out var known))
        {
            return known;
        }

        // A chain, not a tree (one write per holder): marked unknown while it is read, a cycle ends unknown.
        _contexts[member] = null;
        var context = FactsOf(member) is { } facts && facts.Writes.Length == 1 && !facts.Reads.Any(r => r.ReadsOptions)
            ? facts.Writes[0].Context is { WrittenIn: { } next } ? ContextIn(next) : facts.Writes[0].Context
            : null;
        _contexts[member] = context;
        return context;
    }

    /// <summary>
    /// A member's writes and reads, or <see langword="null"/> where one cannot be followed or a part of its type names it
    /// outside every analysed block (a generated file, a <c>[GeneratedCode]</c> member): what that code does with it is not known.
    /// </summary>
    private MemberFacts? FactsOf(ISymbol member)
    {
        if (_memberFacts.TryGetValue(member, out var known))
        {
            return known;
        }

        MemberFacts? facts = null;
        if (member.ContainingType is { } type && _members.TryGetValue(member, out var bag) && !bag.Any(f => f.Kind == MemberFactKind.Unfollowable)
            && !type.DeclaringSyntaxReferences.Any(part => NamesOutsideAnalysedBlocks(part, member.Name)))
        {
            facts = new MemberFacts(bag.Where(f => f.Kind == MemberFactKind.Write).ToImmutableArray(), bag.Where(f => f.Kind == MemberFactKind.Read).ToImmutableArray());
        }

        _memberFacts[member] = facts;
        return facts;
    }

    // Syntax alone: no semantic model of that file is asked for. A type named like the member (`Color Color`) is not it.
    private bool NamesOutsideAnalysedBlocks(SyntaxReference part, string name) =>
        part.GetSyntax().DescendantNodes().OfType<SimpleNameSyntax>()
            .Any(use => use.Identifier.ValueText == name && !SyntaxFacts.IsInTypeOnlyContext(use) && !InAnalysedBlock(part.SyntaxTree, use.Span));

    private bool InAnalysedBlock(SyntaxTree tree, TextSpan span)
    {
        if (!_blocksByStart.TryGetValue(tree, out var blocks))
        {
            blocks = Merged(_analysedBlocks.TryGetValue(tree, out var bag) ? bag : []);
            _blocksByStart[tree] = blocks;
        }

        // Merged, the spans do not overlap: the last that starts at or before the name is the only one that may hold it.
        var low = 0;
        var high = blocks.Length - 1;
        while (low <= high)
        {
            var middle = low + ((high - low) / 2);
            if (blocks[middle].Start <= span.Start)
            {
                low = middle + 1;
            }
            else
            {
                high = middle - 1;
            }
        }

        return high >= 0 && blocks[high].Contains(span);
    }

    // A constructor's block holds its parameters' defaults, which are blocks too: one span where blocks overlap.
    private static TextSpan[] Merged(IEnumerable<TextSpan> blocks)
    {
        var merged = new List<TextSpan>();
        foreach (var block in blocks.OrderBy(b => b.Start))
        {
            var last = merged.Count - 1;
            if (last >= 0 && block.Start <= merged[last].End)
            {
                merged[last] = TextSpan.FromBounds(merged[last].Start, Math.Max(merged[last].End, block.End));
            }
            else
            {
                merged.Add(block);
            }
        }

        return [.. merged];
    }

    private sealed class MemberFacts
    {
        public MemberFacts(ImmutableArray<MemberFact> writes, ImmutableArray<MemberFact> reads)
        {
            Writes = writes;
            Reads = reads;
        }

        public ImmutableArray<MemberFact> Writes { get; }

        public ImmutableArray<MemberFact> Reads { get; }
    }
}
