using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers;

/// <summary>What a Refit client's content serializer is, as far as the code shows it.</summary>
internal enum SerializerKind
{
    /// <summary>The flow cannot be followed (a parameter, a value written twice, code outside the compilation): no rule speaks.</summary>
    Unknown,

    /// <summary>RefitStj over a context's metadata alone: <c>new StjContentSerializer(ctx)</c>, <c>StjContentSerializer.ForContext(ctx)</c>.</summary>
    StjOverContext,

    /// <summary>RefitStj with options it is given, a context perhaps added: <c>(options)</c>, <c>WithContext</c>, <c>UseStjJsonContext</c>, <c>CreateWithResolver</c>.</summary>
    StjGivenOptions,

    /// <summary>RefitStj with its reflection defaults: <c>new StjContentSerializer()</c>.</summary>
    StjReflection,

    /// <summary>Refit's own serializer over a context: Refit 16's context entry points (<see cref="RefitEntryPoint"/>).</summary>
    RefitOverContext,

    /// <summary>Refit's own serializer otherwise: settings without one, <c>new SystemTextJsonContentSerializer()</c>, Newtonsoft.</summary>
    RefitOwn,

    /// <summary>One of several values (<c>?:</c>, <c>??</c>, a switch, a helper's returns): each is possible at run time.</summary>
    Choice,
}

/// <summary>The Refit 16 call that builds Refit's own serializer over a context, or adds a context to settings.</summary>
internal enum RefitEntryPoint
{
    None,

    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx)</c>: Refit's <c>ForContext(ctx)</c>.</summary>
    ForGenerated,

    /// <summary><c>RestService.ForGenerated&lt;T&gt;(client|url, ctx, settings)</c>: <c>settings.UseJsonContext(ctx)</c>.</summary>
    ForGeneratedWithSettings,

    /// <summary><c>RefitSettings.ForJsonContext(ctx)</c>.</summary>
    ForJsonContext,

    /// <summary><c>settings.UseJsonContext(ctx)</c>: throws when the settings' serializer is not Refit's.</summary>
    UseJsonContext,

    /// <summary><c>AddRefitGeneratedClient&lt;T&gt;(ctx)</c>, <c>AddKeyedRefitGeneratedClient&lt;T&gt;(key, ctx)</c>, without settings.</summary>
    AddRefitGeneratedClient,

    /// <summary>The same with a settings lambda: the lambda's settings with <c>UseJsonContext(ctx)</c>.</summary>
    AddRefitGeneratedClientWithSettings,

    /// <summary><c>SystemTextJsonContentSerializer.ForContext(ctx)</c>.</summary>
    SerializerForContext,
}

/// <summary>
/// One serializer value of the pairing model: its kind, the context it is built over, and how (the context's own options
/// or options given, the user's chosen format, reflection fallback), with the operation that builds it.
/// </summary>
internal sealed class SerializerValue
{
    public static readonly SerializerValue Unknown = new(SerializerKind.Unknown, null, null);

    public SerializerValue(SerializerKind kind, IOperation? source, INamedTypeSymbol? context)
    {
        Kind = kind;
        Source = source;
        Context = context;
    }

    public SerializerKind Kind { get; }

    /// <summary>The operation that builds the serializer (or the settings, for Refit's entry points).</summary>
    public IOperation? Source { get; }

    /// <summary>The context type, for the kinds over a context.</summary>
    public INamedTypeSymbol? Context { get; }

    /// <summary>Whether the context instance has the options of its <c>[JsonSourceGenerationOptions]</c> (<c>Ctx.Default</c>, <c>new Ctx()</c>), not options passed in.</summary>
    public bool ContextHasAttributeOptions { get; set; }

    /// <summary>Built by <c>StjContentSerializer.ForContext</c>: the context's own options are the format the user chose (what Refit 16's ForContext sent).</summary>
    public bool IsChosenFormat { get; set; }

    /// <summary>Whether a missing type may fall back to reflection (<c>allowReflectionFallback</c> true or not constant).</summary>
    public bool MayFallBack { get; set; }

    /// <summary>For <see cref="SerializerKind.RefitOverContext"/> and settings a context is added to: the Refit 16 call.</summary>
    public RefitEntryPoint EntryPoint { get; set; }

    /// <summary>For a context added to settings (<see cref="RefitEntryPoint.UseJsonContext"/>...): the settings' serializer before.</summary>
    public SerializerValue? Base { get; set; }

    /// <summary>For <see cref="SerializerKind.Choice"/>: the possible values.</summary>
    public ImmutableArray<SerializerValue> Alternatives { get; set; } = ImmutableArray<SerializerValue>.Empty;

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
    /// settings certainly throws (the Refit 16 rule's premise).
    /// </summary>
    public bool IsCertainlyRefitStj() =>
        Possible().All(v => v.Kind is SerializerKind.StjOverContext or SerializerKind.StjGivenOptions or SerializerKind.StjReflection);

    public static SerializerValue Choose(IOperation source, IEnumerable<SerializerValue> alternatives)
    {
        var all = alternatives.ToImmutableArray();
        return all.Length == 1 ? all[0] : new SerializerValue(SerializerKind.Choice, source, null) { Alternatives = all };
    }
}
