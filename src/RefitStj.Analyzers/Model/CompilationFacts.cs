using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>
/// What each file's callbacks found that other files' values may read: what the methods that return settings or a
/// serializer return, and every reference to and initializer of a followed field or auto-property inside its own type.
/// Filled while the files are analysed, each fact read with its own file's semantic model and made of symbols only; at
/// the compilation's end, <see cref="Settle(SerializerValue)"/> reads a value written elsewhere from them.
/// </summary>
/// <remarks>
/// Generated files are not analysed (reading their operations would cost more than the rest of the analysis): a member
/// whose type has a part there that names it is unknown, so no rule guesses.
/// </remarks>
internal sealed class CompilationFacts
{
    private readonly ConcurrentDictionary<SyntaxTree, bool> _analysed = new();
    private readonly ConcurrentDictionary<ISymbol, (ValueUse Use, ImmutableArray<SerializerValue> Values)> _returns = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, ConcurrentBag<MemberFact>> _members = new(SymbolEqualityComparer.Default);

    // Settled once per holder and use, at the end only (one thread): a holder reached again while it is being settled is a
    // cycle, which has no single value, and helpers that call each other across files stay linear, not exponential.
    private readonly Dictionary<(ISymbol Source, ValueUse Use), SerializerValue?> _settled = new(SourceComparer.Instance);

    /// <summary>A file whose callbacks run: its facts are complete at the end.</summary>
    public void Analysed(SyntaxTree tree) => _analysed.TryAdd(tree, true);

    public void AddReturns(IMethodSymbol method, ValueUse use, ImmutableArray<SerializerValue> values) => _returns.TryAdd(method.OriginalDefinition, (use, values));

    public void Add(MemberFact fact) => _members.GetOrAdd(fact.Member, _ => new ConcurrentBag<MemberFact>()).Add(fact);

    /// <summary>
    /// <paramref name="value"/> with every part written in another file read from that file's facts, as the file's own
    /// callback would have read it; <see cref="SerializerValue.Unknown"/> where the facts are not all there. Call only
    /// after every file's callbacks, at the compilation's end.
    /// </summary>
    public SerializerValue Settle(SerializerValue value) => Settle(value, 0);

    private SerializerValue Settle(SerializerValue value, int depth)
    {
        if (value.Kind == SerializerKind.Choice)
        {
            var settled = SerializerValue.Choose(value.Alternatives.Select(a => Settle(a, depth)));
            return value.ReachableElsewhere ? settled.AsReachableElsewhere() : settled;
        }

        if (value.Kind != SerializerKind.WrittenElsewhere)
        {
            return value;
        }

        var read = depth > SerializerReader.MaxDepth || value.Source is not { } source ? SerializerValue.Unknown
            : value.SourceUse == ValueUse.Context ? OverContext(value, source, depth)
            : Memoised(source, value.SourceUse, () => source is IMethodSymbol method ? Returned(method, value.SourceUse, depth) : Member(source, value.SourceUse == ValueUse.Settings, depth));
        return value.ReachableElsewhere ? read.AsReachableElsewhere() : read;
    }

    private SerializerValue Memoised(ISymbol source, ValueUse use, Func<SerializerValue> settle)
    {
        if (_settled.TryGetValue((source, use), out var known))
        {
            return known ?? SerializerValue.Unknown;
        }

        _settled[(source, use)] = null;
        var settled = settle();
        _settled[(source, use)] = settled;
        return settled;
    }

    private SerializerValue Returned(IMethodSymbol method, ValueUse use, int depth) =>
        _returns.TryGetValue(method, out var returns) && returns.Use == use && !returns.Values.IsEmpty
            ? SerializerValue.Choose(returns.Values.Select(v => Settle(v, depth + 1)))
            : SerializerValue.Unknown;

    /// <summary>The one value a member is written with, as <see cref="SerializerReader"/> reads a member of one file.</summary>
    private SerializerValue Member(ISymbol member, bool settings, int depth)
    {
        if (Facts(member) is not { } facts || facts.Writes.Length != 1 || facts.Writes[0].Value is not { } written
            || (settings && !facts.Reads.All(r => r.KeepsSerializer)))
        {
            return SerializerValue.Unknown;
        }

        var value = Settle(written, depth + 1);
        return settings && (!SettingsEscape.IsPrivate(member) || !facts.Reads.All(r => r.StaysInScope)) ? value.AsReachableElsewhere() : value;
    }

    private SerializerValue OverContext(SerializerValue value, ISymbol member, int depth) =>
        ContextIn(member, depth) is { Type: { } type } context
            ? new SerializerValue(value.OverContext, type, context.AttributeOptions, value.IsChosenFormat, value.MayFallBack)
            : SerializerValue.Unknown;

    // A context's Options read anywhere could be changed before the serializer takes them: then it is not followed. One
    // write per holder makes this a chain, not a tree: the depth bounds a cycle.
    private ContextValue? ContextIn(ISymbol member, int depth) =>
        depth <= SerializerReader.MaxDepth && Facts(member) is { } facts && facts.Writes.Length == 1 && !facts.Reads.Any(r => r.ReadsOptions)
            ? facts.Writes[0].Context is { WrittenIn: { } next } ? ContextIn(next, depth + 1) : facts.Writes[0].Context
            : null;

    /// <summary>
    /// A member's writes and reads, or <see langword="null"/> where one cannot be followed or a part of its type that was
    /// not analysed (a generated file) names it: what that part does with it is not known.
    /// </summary>
    private (ImmutableArray<MemberFact> Writes, ImmutableArray<MemberFact> Reads)? Facts(ISymbol member)
    {
        if (member.ContainingType is not { } type || type.DeclaringSyntaxReferences.Any(r => !_analysed.ContainsKey(r.SyntaxTree) && Names(r, member.Name))
            || !_members.TryGetValue(member, out var bag) || bag.Any(f => f.Kind == MemberFactKind.Unfollowable))
        {
            return null;
        }

        return (bag.Where(f => f.Kind == MemberFactKind.Write).ToImmutableArray(), bag.Where(f => f.Kind == MemberFactKind.Read).ToImmutableArray());
    }

    // Syntax alone: no semantic model of that file is asked for.
    private static bool Names(SyntaxReference part, string name) =>
        part.GetSyntax().DescendantTokens().Any(token => token.ValueText == name);

    /// <summary>Holders by symbol, then by use.</summary>
    private sealed class SourceComparer : IEqualityComparer<(ISymbol Source, ValueUse Use)>
    {
        public static readonly SourceComparer Instance = new();

        public bool Equals((ISymbol Source, ValueUse Use) x, (ISymbol Source, ValueUse Use) y) => x.Use == y.Use && SymbolEqualityComparer.Default.Equals(x.Source, y.Source);

        public int GetHashCode((ISymbol Source, ValueUse Use) obj) => (SymbolEqualityComparer.Default.GetHashCode(obj.Source) * 31) + (int)obj.Use;
    }
}
