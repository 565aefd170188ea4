using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Values;

/// <summary>What a Refit client's content serializer is, as far as the code shows it.</summary>
internal enum SerializerKind
{
    /// <summary>The flow cannot be followed (a parameter, a value written twice, code outside the compilation): no rule speaks.</summary>
    Unknown,

    /// <summary>RefitStj over a context's metadata alone: <c>new StjContentSerializer(ctx)</c>.</summary>
    StjOverContext,

    /// <summary>RefitStj with options it is given, a context perhaps added: <c>(options)</c>, <c>WithContext</c>, <c>UseStjJsonContext</c>, <c>CreateWithResolver</c>.</summary>
    StjGivenOptions,

    /// <summary>RefitStj with its reflection defaults: <c>new StjContentSerializer()</c>.</summary>
    StjReflection,

    /// <summary>A <c>StjContentSerializer</c> by its type whose making cannot be followed (a parameter...): RefitStj, over what unknown.</summary>
    StjUnfollowed,

    /// <summary>Refit's own serializer over a context: Refit 16's context entry points (<see cref="ContextEntryPointKind"/>).</summary>
    RefitOverContext,

    /// <summary>Refit's own serializer otherwise: settings without one, <c>new SystemTextJsonContentSerializer()</c>, Newtonsoft.</summary>
    RefitOwn,

    /// <summary>
    /// Written in another file (a field, property or method there): read from what that file's own callbacks found, at
    /// the compilation's end (<see cref="SerializerValue.Source"/>). Never seen by a rule.
    /// </summary>
    WrittenElsewhere,

    /// <summary>One of several values (<c>?:</c>, <c>??</c>, a switch, a helper's returns): each is possible at run time.</summary>
    Choice,
}
