using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// The values of the holders (methods, fields, properties) other files' values are read from, settled at the
/// compilation's end from <see cref="CompilationFacts"/>: each holder once, a strongly connected group of holders that
/// read each other (helpers in a cycle across files) as one. Each member of such a group may end up with any value the
/// group reaches, or none (<see cref="SerializerKind.Unknown"/>, the cycle); so the answer is the same whichever client
/// asks first, and the work is linear in the holders, whatever the shape of their calls.
/// </summary>
internal sealed class HolderValues
{
    // Far deeper than any chain of helpers a project writes; deeper, a holder is unknown rather than overflow the stack.
    private const int MaxOpen = 512;

    private readonly CompilationFacts _facts;
    private readonly Dictionary<(ISymbol Source, ValueUse Use), SerializerValue> _settled = new(HolderComparer.Instance);

    // Tarjan's strongly connected components, over the holders not settled yet.
    private readonly Dictionary<(ISymbol Source, ValueUse Use), (int Index, int Low)> _visits = new(HolderComparer.Instance);
    private readonly Stack<(ISymbol Source, ValueUse Use)> _open = new();
    private readonly HashSet<(ISymbol Source, ValueUse Use)> _onStack = new(HolderComparer.Instance);

    public HolderValues(CompilationFacts facts) => _facts = facts;

    /// <summary>How many times a holder's facts were read: once a holder, which the tests pin as the proof of linear work.</summary>
    public int Evaluations { get; private set; }

    /// <summary><paramref name="value"/> with each part written elsewhere replaced by its holder's settled value.</summary>
    public SerializerValue Settle(SerializerValue value) => Substitute(value, holder => ValueOf(holder));

    private SerializerValue ValueOf((ISymbol Source, ValueUse Use) holder)
    {
        if (!_settled.ContainsKey(holder))
        {
            Visit(holder);
        }

        return _settled[holder];
    }

    private void Visit((ISymbol Source, ValueUse Use) holder)
    {
        var index = _visits.Count;
        _visits[holder] = (index, index);
        _open.Push(holder);
        _onStack.Add(holder);
        foreach (var next in Reads(holder))
        {
            if (_settled.ContainsKey(next))
            {
                continue;
            }

            if (_open.Count >= MaxOpen && !_visits.ContainsKey(next))
            {
                _settled[next] = SerializerValue.Unknown;
                continue;
            }

            if (!_visits.TryGetValue(next, out var visit))
            {
                Visit(next);
                _visits[holder] = (index, Math.Min(_visits[holder].Low, _visits[next].Low));
            }
            else if (_onStack.Contains(next))
            {
                _visits[holder] = (index, Math.Min(_visits[holder].Low, visit.Index));
            }
        }

        if (_visits[holder].Low != index)
        {
            return;
        }

        var group = new List<(ISymbol Source, ValueUse Use)>();
        (ISymbol Source, ValueUse Use) member;
        do
        {
            member = _open.Pop();
            _onStack.Remove(member);
            group.Add(member);
        }
        while (!HolderComparer.Instance.Equals(member, holder));

        SettleGroup(group);
    }

    private void SettleGroup(List<(ISymbol Source, ValueUse Use)> group)
    {
        var inGroup = new HashSet<(ISymbol Source, ValueUse Use)>(group, HolderComparer.Instance);
        if (group.Count == 1 && !Reads(group[0]).Any(inGroup.Contains))
        {
            _settled[group[0]] = Evaluate(group[0], ValueOf);
            return;
        }

        // Read each member with the group's own holders unknown, then give every member all the group reaches: in a cycle,
        // each holder may end up with any value another returns or holds.
        var reached = group.Select(member => Evaluate(member, next => inGroup.Contains(next) ? SerializerValue.Unknown : ValueOf(next)));
        var value = SerializerValue.Choose(reached.Prepend(SerializerValue.Unknown));
        foreach (var member in group)
        {
            _settled[member] = value;
        }
    }

    /// <summary>A holder's value, read from its facts, the holders it reads given by <paramref name="holders"/>.</summary>
    private SerializerValue Evaluate((ISymbol Source, ValueUse Use) holder, Func<(ISymbol Source, ValueUse Use), SerializerValue> holders)
    {
        Evaluations++;
        if (holder.Source is IMethodSymbol)
        {
            return _facts.Returns(holder.Source, holder.Use) is { } values ? SerializerValue.Choose(values.Select(v => Substitute(v, holders))) : SerializerValue.Unknown;
        }

        if (_facts.WrittenOnce(holder.Source, holder.Use == ValueUse.Settings) is not var (written, reachableElsewhere))
        {
            return SerializerValue.Unknown;
        }

        var value = Substitute(written, holders);
        return reachableElsewhere ? value.AsReachableElsewhere() : value;
    }

    /// <summary>The holders a holder's facts read.</summary>
    private IEnumerable<(ISymbol Source, ValueUse Use)> Reads((ISymbol Source, ValueUse Use) holder)
    {
        IEnumerable<SerializerValue> values = holder.Source is IMethodSymbol
            ? _facts.Returns(holder.Source, holder.Use) ?? ImmutableArray<SerializerValue>.Empty
            : _facts.WrittenOnce(holder.Source, holder.Use == ValueUse.Settings) is var (written, _) ? new[] { written } : Array.Empty<SerializerValue>();
        return values.SelectMany(v => v.Possible()).Where(IsHolderRead).Select(v => (v.Source!, v.SourceUse));
    }

    private SerializerValue Substitute(SerializerValue value, Func<(ISymbol Source, ValueUse Use), SerializerValue> holders)
    {
        if (value.Kind == SerializerKind.Choice)
        {
            var settled = SerializerValue.Choose(value.Alternatives.Select(a => Substitute(a, holders)));
            return value.ReachableElsewhere ? settled.AsReachableElsewhere() : settled;
        }

        if (value.Kind != SerializerKind.WrittenElsewhere || value.Source is not { } source)
        {
            return value;
        }

        var read = value.SourceUse == ValueUse.Context
            ? _facts.ContextIn(source) is { Type: { } type } context
                ? new SerializerValue(value.OverContext, type, context.AttributeOptions, value.MayFallBack)
                : SerializerValue.Unknown
            : holders((source, value.SourceUse));
        return value.ReachableElsewhere ? read.AsReachableElsewhere() : read;
    }

    private static bool IsHolderRead(SerializerValue value) => value is { Kind: SerializerKind.WrittenElsewhere, Source: not null } && value.SourceUse != ValueUse.Context;

    /// <summary>Holders by symbol, then by use.</summary>
    private sealed class HolderComparer : IEqualityComparer<(ISymbol Source, ValueUse Use)>
    {
        public static readonly HolderComparer Instance = new();

        public bool Equals((ISymbol Source, ValueUse Use) x, (ISymbol Source, ValueUse Use) y) => x.Use == y.Use && SymbolEqualityComparer.Default.Equals(x.Source, y.Source);

        public int GetHashCode((ISymbol Source, ValueUse Use) obj) => (SymbolEqualityComparer.Default.GetHashCode(obj.Source) * 31) + (int)obj.Use;
    }
}
