using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>
/// One serializer value of the pairing model, immutable once made: its kind, the context it is built over, and how (the
/// context's own options or options given, reflection fallback), or the values of a choice.
/// </summary>
internal sealed class SerializerValue
{
    public static readonly SerializerValue Unknown = new(SerializerKind.Unknown);

    public SerializerValue(SerializerKind kind, INamedTypeSymbol? context = null, bool contextHasAttributeOptions = false, bool mayFallBack = false)
        : this(kind, context, contextHasAttributeOptions, mayFallBack, ImmutableArray<SerializerValue>.Empty, reachableElsewhere: false, source: null, sourceUse: default, overContext: default)
    {
    }

    private SerializerValue(
        SerializerKind kind,
        INamedTypeSymbol? context,
        bool contextHasAttributeOptions,
        bool mayFallBack,
        ImmutableArray<SerializerValue> alternatives,
        bool reachableElsewhere,
        ISymbol? source,
        ValueUse sourceUse,
        SerializerKind overContext)
    {
        ReachableElsewhere = reachableElsewhere;
        Kind = kind;
        Context = context;
        ContextHasAttributeOptions = contextHasAttributeOptions;
        MayFallBack = mayFallBack;
        Alternatives = alternatives;
        Source = source;
        SourceUse = sourceUse;
        OverContext = overContext;
    }

    public SerializerKind Kind { get; }

    /// <summary>The context type, for the kinds over a context.</summary>
    public INamedTypeSymbol? Context { get; }

    /// <summary>Whether the context instance has the options of its <c>[JsonSourceGenerationOptions]</c> (<c>Ctx.Default</c>, <c>new Ctx()</c>), not options passed in.</summary>
    public bool ContextHasAttributeOptions { get; }

    /// <summary>Whether a missing type may fall back to reflection (<c>allowReflectionFallback</c> true or not constant).</summary>
    public bool MayFallBack { get; }

    /// <summary>
    /// Whether the value was read from a settings object that code outside its declaring scope can reach (a non-private
    /// member, or one handed out): its serializer may be replaced where this compilation does not look. The warnings still
    /// read it as written; the errors (RSTJ004, RSTJ005, RSTJ006) treat it as unknown.
    /// </summary>
    public bool ReachableElsewhere { get; }

    /// <summary>For <see cref="SerializerKind.Choice"/>: the possible values.</summary>
    public ImmutableArray<SerializerValue> Alternatives { get; }

    /// <summary>For <see cref="SerializerKind.WrittenElsewhere"/>: the field, property or method in another file the value is read from.</summary>
    public ISymbol? Source { get; }

    /// <summary>For <see cref="SerializerKind.WrittenElsewhere"/>: how <see cref="Source"/>'s value is read.</summary>
    public ValueUse SourceUse { get; }

    /// <summary>For a context written elsewhere (<see cref="ValueUse.Context"/>): the kind of serializer made over it.</summary>
    public SerializerKind OverContext { get; }

    /// <summary>Whether some possible value is written in another file: known only at the compilation's end.</summary>
    public bool IsWrittenElsewhere => Possible().Any(v => v.Kind == SerializerKind.WrittenElsewhere);

    /// <summary>The settings or serializer value <paramref name="source"/>, in another file, holds or returns.</summary>
    public static SerializerValue WrittenIn(ISymbol source, ValueUse use) =>
        new(SerializerKind.WrittenElsewhere, null, false, false, ImmutableArray<SerializerValue>.Empty, reachableElsewhere: false, source, use, overContext: default);

    /// <summary>A serializer of <paramref name="kind"/> over the context <paramref name="source"/>, in another file, holds.</summary>
    public static SerializerValue OverContextWrittenIn(ISymbol source, SerializerKind kind, bool mayFallBack) =>
        new(SerializerKind.WrittenElsewhere, null, false, mayFallBack, ImmutableArray<SerializerValue>.Empty, reachableElsewhere: false, source, ValueUse.Context, kind);

    /// <summary>Every value this one may be at run time: the alternatives of choices, flattened.</summary>
    public IEnumerable<SerializerValue> Possible()
    {
        if (Kind != SerializerKind.Choice)
        {
            yield return this;
            yield break;
        }

        foreach (var alternative in Alternatives)
        {
            foreach (var possible in alternative.Possible())
            {
                yield return possible;
            }
        }
    }

    /// <summary>
    /// Whether every possible value is a RefitStj serializer, none unknown: then Refit's <c>UseJsonContext</c> on these
    /// settings certainly throws (RSTJ004), and Refit's query converter on such a client too (RSTJ005).
    /// </summary>
    public bool IsCertainlyRefitStj() => Possible().All(v => IsRefitStj(v.Kind) && !v.ReachableElsewhere);

    /// <summary>Whether every possible value is Refit's own serializer (or another not RefitStj's), none unknown or reachable elsewhere: RefitStj's query converter throws there (RSTJ006).</summary>
    public bool IsCertainlyRefitOwn() => Possible().All(v => v.Kind is SerializerKind.RefitOwn or SerializerKind.RefitOverContext && !v.ReachableElsewhere);

    /// <summary>Whether some possible value is Refit's own serializer: RefitStj's query converter would throw there.</summary>
    public bool MayBeRefitOwn() => Possible().Any(v => v.Kind is SerializerKind.RefitOwn or SerializerKind.RefitOverContext);

    /// <summary>This value as read from settings that other code can reach (<see cref="ReachableElsewhere"/>).</summary>
    public SerializerValue AsReachableElsewhere() =>
        Kind == SerializerKind.Unknown || ReachableElsewhere
            ? this
            : new SerializerValue(
                Kind, Context, ContextHasAttributeOptions, MayFallBack, Alternatives.Select(a => a.AsReachableElsewhere()).ToImmutableArray(), reachableElsewhere: true, Source, SourceUse, OverContext);

    public static SerializerValue Choose(IEnumerable<SerializerValue> alternatives)
    {
        var all = alternatives.ToImmutableArray();
        return all.Length == 1 ? all[0] : new SerializerValue(SerializerKind.Choice, null, false, false, all, reachableElsewhere: false, source: null, sourceUse: default, overContext: default);
    }

    private static bool IsRefitStj(SerializerKind kind) =>
        kind is SerializerKind.StjOverContext or SerializerKind.StjGivenOptions or SerializerKind.StjReflection or SerializerKind.StjUnfollowed;
}
