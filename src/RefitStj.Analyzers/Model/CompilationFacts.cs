using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace RefitStj.Analyzers;

/// <summary>
/// What each file's callbacks found that other files' values may read: what the methods that return settings or a
/// serializer return, and every reference to and initializer of a followed field or auto-property inside its own type.
/// Filled while the files are analysed, each fact read with its own file's semantic model and made of symbols only; at
/// the compilation's end, <see cref="Settle(SerializerValue)"/> reads a value written elsewhere from them.
/// </summary>
/// <remarks>
/// A member is known only where every code block of its type that names it was analysed: Roslyn skips generated files
/// and members marked <c>[GeneratedCode]</c>, and what those do with the member is not known, so no rule guesses.
/// </remarks>
internal sealed class CompilationFacts
{
    // Deep enough for any chain of helpers a project writes; deeper, the value is cut (and not kept) rather than overflow.
    private const int MaxSettleDepth = 64;

    private readonly ConcurrentDictionary<SyntaxTree, ConcurrentBag<TextSpan>> _analysedBlocks = new();
    private readonly ConcurrentDictionary<ISymbol, (ValueUse Use, ImmutableArray<SerializerValue> Values)> _returns = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, ConcurrentBag<MemberFact>> _members = new(SymbolEqualityComparer.Default);

    // Settled at the end only (one thread), each holder once: helpers that call each other across files stay linear. A
    // holder reached again while it is being settled is a cycle, which has no single value; what was settled inside it
    // (from its index in the stack on) depended on that cut, is not kept, and so no answer depends on which call asked first.
    private readonly Dictionary<(ISymbol Source, ValueUse Use), SerializerValue> _settled = new(SourceComparer.Instance);
    private readonly List<(ISymbol Source, ValueUse Use)> _settling = [];
    private int _cutFrom = int.MaxValue;

    /// <summary>A code block (a body, an initializer) whose operations were analysed: the names of holders in it are all facts.</summary>
    public void Analysed(SyntaxTree tree, TextSpan block) => _analysedBlocks.GetOrAdd(tree, _ => []).Add(block);

    public void AddReturns(IMethodSymbol method, ValueUse use, ImmutableArray<SerializerValue> values) => _returns.TryAdd(method.OriginalDefinition, (use, values));

    public void Add(MemberFact fact) => _members.GetOrAdd(fact.Member, _ => []).Add(fact);

    /// <summary>
    /// <paramref name="value"/> with every part written in another file read from that file's facts, as the file's own
    /// callback would have read it; <see cref="SerializerValue.Unknown"/> where the facts are not all there. Call only
    /// after every file's callbacks, at the compilation's end.
    /// </summary>
    public SerializerValue Settle(SerializerValue value)
    {
        if (value.Kind == SerializerKind.Choice)
        {
            var settled = SerializerValue.Choose(value.Alternatives.Select(Settle));
            return value.ReachableElsewhere ? settled.AsReachableElsewhere() : settled;
        }

        if (value.Kind != SerializerKind.WrittenElsewhere || value.Source is not { } source)
        {
            return value;
        }

        var read = value.SourceUse == ValueUse.Context
            ? OverContext(value, source)
            : Once(source, value.SourceUse, () => source is IMethodSymbol method ? Returned(method, value.SourceUse) : Member(source, value.SourceUse == ValueUse.Settings));
        return value.ReachableElsewhere ? read.AsReachableElsewhere() : read;
    }

    private SerializerValue Once(ISymbol source, ValueUse use, Func<SerializerValue> settle)
    {
        var key = (source, use);
        if (_settled.TryGetValue(key, out var known))
        {
            return known;
        }

        var cycle = _settling.FindIndex(k => SourceComparer.Instance.Equals(k, key));
        if (cycle >= 0 || _settling.Count >= MaxSettleDepth)
        {
            _cutFrom = Math.Min(_cutFrom, cycle >= 0 ? cycle + 1 : 0);
            return SerializerValue.Unknown;
        }

        _settling.Add(key);
        var settled = settle();
        var index = _settling.Count - 1;
        _settling.RemoveAt(index);
        if (index < _cutFrom)
        {
            // Nothing it read was cut: every cut was deeper, and is done.
            _settled[key] = settled;
            _cutFrom = int.MaxValue;
        }

        if (index == 0)
        {
            _cutFrom = int.MaxValue;
        }

        return settled;
    }

    private SerializerValue Returned(IMethodSymbol method, ValueUse use) =>
        _returns.TryGetValue(method, out var returns) && returns.Use == use && !returns.Values.IsEmpty
            ? SerializerValue.Choose(returns.Values.Select(Settle))
            : SerializerValue.Unknown;

    /// <summary>The one value a member is written with, as <see cref="SerializerReader"/> reads a member of one file.</summary>
    private SerializerValue Member(ISymbol member, bool settings)
    {
        if (Facts(member) is not { } facts || facts.Writes.Length != 1 || facts.Writes[0].Value is not { } written
            || (settings && !facts.Reads.All(r => r.KeepsSerializer)))
        {
            return SerializerValue.Unknown;
        }

        var value = Settle(written);
        return settings && (!SettingsEscape.IsPrivate(member) || !facts.Reads.All(r => r.StaysInScope)) ? value.AsReachableElsewhere() : value;
    }

    private SerializerValue OverContext(SerializerValue value, ISymbol member) =>
        ContextIn(member, 0) is { Type: { } type } context
            ? new SerializerValue(value.OverContext, type, context.AttributeOptions, value.IsChosenFormat, value.MayFallBack)
            : SerializerValue.Unknown;

    // A context's Options read anywhere could be changed before the serializer takes them: then it is not followed. One
    // write per holder makes this a chain, not a tree, kept by no one: the depth bounds a cycle.
    private ContextValue? ContextIn(ISymbol member, int depth) =>
        depth <= SerializerReader.MaxDepth && Facts(member) is { } facts && facts.Writes.Length == 1 && !facts.Reads.Any(r => r.ReadsOptions)
            ? facts.Writes[0].Context is { WrittenIn: { } next } ? ContextIn(next, depth + 1) : facts.Writes[0].Context
            : null;

    /// <summary>
    /// A member's writes and reads, or <see langword="null"/> where one cannot be followed or a part of its type names it
    /// outside every analysed block (a generated file, a <c>[GeneratedCode]</c> member): what that code does with it is not known.
    /// </summary>
    private (ImmutableArray<MemberFact> Writes, ImmutableArray<MemberFact> Reads)? Facts(ISymbol member)
    {
        if (member.ContainingType is not { } type || !_members.TryGetValue(member, out var bag) || bag.Any(f => f.Kind == MemberFactKind.Unfollowable)
            || type.DeclaringSyntaxReferences.Any(part => NamesOutsideAnalysedBlocks(part, member.Name)))
        {
            return null;
        }

        return (bag.Where(f => f.Kind == MemberFactKind.Write).ToImmutableArray(), bag.Where(f => f.Kind == MemberFactKind.Read).ToImmutableArray());
    }

    // Syntax alone: no semantic model of that file is asked for.
    private bool NamesOutsideAnalysedBlocks(SyntaxReference part, string name)
    {
        _analysedBlocks.TryGetValue(part.SyntaxTree, out var blocks);
        return part.GetSyntax().DescendantNodes().OfType<SimpleNameSyntax>()
            .Any(use => use.Identifier.ValueText == name && blocks?.Any(block => block.Contains(use.Span)) != true);
    }

    /// <summary>Holders by symbol, then by use.</summary>
    private sealed class SourceComparer : IEqualityComparer<(ISymbol Source, ValueUse Use)>
    {
        public static readonly SourceComparer Instance = new();

        public bool Equals((ISymbol Source, ValueUse Use) x, (ISymbol Source, ValueUse Use) y) => x.Use == y.Use && SymbolEqualityComparer.Default.Equals(x.Source, y.Source);

        public int GetHashCode((ISymbol Source, ValueUse Use) obj) => (SymbolEqualityComparer.Default.GetHashCode(obj.Source) * 31) + (int)obj.Use;
    }
}
