using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using RefitStj.Errors;

namespace RefitStj.Serialization;

/// <summary>
/// Adds a source-generated context to options the way Refit 16's <c>SystemTextJsonContentSerializer.WithContext</c> does,
/// so a client moved onto RefitStj resolves every type from the same resolver as before: the options are copied, the
/// resolvers they carry stay first and in order, the context follows, and a reflection resolver comes last only when
/// reflection is allowed (otherwise its contract modifiers move onto the context).
/// </summary>
internal static class ContextOptions
{
    /// <summary>Whether <paramref name="options"/> already resolve <paramref name="context"/>, and reflection exactly when it is allowed.</summary>
    public static bool IsRegistered(JsonSerializerOptions options, JsonSerializerContext context, bool allowReflectionFallback)
    {
        var hasContext = false;
        var hasReflection = false;
        foreach (var resolver in options.TypeInfoResolverChain)
        {
            hasContext |= ReferenceEquals(resolver, context);
            hasReflection |= resolver is DefaultJsonTypeInfoResolver;
        }

        return hasContext && hasReflection == allowReflectionFallback;
    }

    /// <summary>A read-only copy of <paramref name="source"/> that resolves <paramref name="context"/> after its own resolvers, with no reflection.</summary>
    public static JsonSerializerOptions Compose(JsonSerializerOptions source, JsonSerializerContext context) =>
        Compose(source, context, fallback: null);

    /// <summary>As <see cref="Compose(JsonSerializerOptions, JsonSerializerContext)"/>, with reflection describing the types no other resolver does.</summary>
    [RequiresUnreferencedCode(Messages.ReflectionFallback)]
    [RequiresDynamicCode(Messages.ReflectionFallback)]
    public static JsonSerializerOptions ComposeWithReflection(JsonSerializerOptions source, JsonSerializerContext context) =>
        Compose(source, context, new DefaultJsonTypeInfoResolver());

    private static JsonSerializerOptions Compose(JsonSerializerOptions source, JsonSerializerContext context, DefaultJsonTypeInfoResolver? fallback)
    {
        var options = new JsonSerializerOptions(source);
        var chain = options.TypeInfoResolverChain;
        var leading = new List<IJsonTypeInfoResolver>(chain.Count);
        var reflective = new List<DefaultJsonTypeInfoResolver>();
        foreach (var resolver in chain)
        {
            if (ReferenceEquals(resolver, context))
            {
                continue;
            }

            if (resolver is DefaultJsonTypeInfoResolver reflection)
            {
                reflective.Add(reflection);
            }
            else
            {
                leading.Add(resolver);
            }
        }

        IJsonTypeInfoResolver added = context;
        if (fallback is null)
        {
            // Without reflection the modifiers (polymorphism registrations, say) would be lost; Refit moves them onto the context.
            foreach (var reflection in reflective)
            {
                foreach (var modifier in reflection.Modifiers)
                {
                    added = added.WithAddedModifier(modifier);
                }
            }

            reflective.Clear();
        }
        else if (reflective.Count == 0)
        {
            reflective.Add(fallback);
        }

        chain.Clear();
        foreach (var resolver in leading)
        {
            chain.Add(resolver);
        }

        chain.Add(added);
        foreach (var resolver in reflective)
        {
            chain.Add(resolver);
        }

        options.MakeReadOnly();
        return options;
    }
}
