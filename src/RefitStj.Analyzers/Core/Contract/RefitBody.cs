using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.Contract;

/// <summary>
/// The request body Refit serializes, by its generator's rules: a <c>[Body]</c> parameter, or on POST, PUT and PATCH the
/// one parameter Refit infers as the body; then its runtime checks (<c>GeneratedRequestRunner.CreateBodyContent</c>).
/// </summary>
internal static class RefitBody
{
    // Refit's BodySerializationMethod values: Default, Json (obsolete name of Serialized), UrlEncoded, Serialized, JsonLines.
    private const int Default = 0;
    private const int Json = 1;
    private const int Serialized = 3;

    private static readonly Regex s_placeholder = new(@"\{\**([^}.:]+)", RegexOptions.CultureInvariant);

    // Refit's generator classifies a parameter with one of these as something other than the body, whatever its type.
    private static readonly HashSet<string> s_notBody = new(StringComparer.Ordinal)
    {
        "QueryAttribute", "QueryConverterAttribute", "QueryNameAttribute", "HeaderAttribute", "HeaderCollectionAttribute",
        "PropertyAttribute", "AuthorizeAttribute", "UrlAttribute",
    };

    /// <summary>The declared type of the body Refit passes to <c>ToHttpContent&lt;T&gt;</c>, or <see langword="null"/> when none certainly is.</summary>
    public static ITypeSymbol? BodyType(IMethodSymbol method, AttributeData httpMethod, KnownSymbols known)
    {
        // A multipart method's parameters are parts, which Refit serializes (if at all) one by one, outside these rules.
        if (known.BodyAttribute is null || Has(method, known.MultipartAttribute))
        {
            return null;
        }

        IParameterSymbol? body = null;
        var serialization = Default;
        foreach (var parameter in method.Parameters)
        {
            if (Find(parameter, known.BodyAttribute) is not { } attribute)
            {
                continue;
            }

            if (body is not null)
            {
                return null;
            }

            body = parameter;
            serialization = SerializationOf(attribute);
        }

        if (body is null)
        {
            // An inferred body is sent with BodySerializationMethod.Serialized.
            body = InferredBody(method, httpMethod, known);
            serialization = Serialized;
        }

        return body is null ? null : SerializedBody(body.Type, serialization, known);
    }

    /// <summary>
    /// <paramref name="type"/> when Refit certainly serializes a body declared as it: not form-url-encoded or JSON Lines
    /// (items go as <c>object</c>), not a string sent as text, and no value of it can be HttpContent or a Stream, which
    /// Refit sends as they are.
    /// </summary>
    private static ITypeSymbol? SerializedBody(ITypeSymbol type, int serialization, KnownSymbols known)
    {
        if (serialization is not (Default or Json or Serialized)
            || (serialization == Default && type.SpecialType == SpecialType.System_String)
            || RefitContract.IsNonJson(type, known))
        {
            return null;
        }

        var compilation = known.Compilation;
        foreach (var raw in known.RawContentTypes)
        {
            if (compilation.HasImplicitConversion(raw, type))
            {
                return null;
            }
        }

        return serialization == Default && compilation.HasImplicitConversion(compilation.GetSpecialType(SpecialType.System_String), type)
            ? null
            : RefitContract.Certain(type, known);
    }

    /// <summary>
    /// The parameter Refit's generator takes as the body when none has <c>[Body]</c>: on POST, PUT or PATCH, the one loose
    /// parameter of a reference type other than string, bound to no placeholder and with no attribute that makes it a
    /// query, header, property or URL. Only when exactly one parameter can be it and nothing about it (another Refit
    /// attribute, a placeholder that differs only in case) leaves room for doubt.
    /// </summary>
    private static IParameterSymbol? InferredBody(IMethodSymbol method, AttributeData httpMethod, KnownSymbols known)
    {
        if (httpMethod.AttributeClass is not { } attributeClass || !KnownSymbols.IsOneOf(attributeClass, known.BodyCapableMethods)
            || httpMethod.ConstructorArguments.FirstOrDefault().Value is not string path)
        {
            return null;
        }

        var placeholders = s_placeholder.Matches(path).Cast<Match>().Select(m => m.Groups[1].Value.Trim()).ToList();
        IParameterSymbol? candidate = null;
        foreach (var parameter in method.Parameters)
        {
            var type = parameter.Type;
            var attributes = RefitAttributes(parameter, known);
            var name = UrlName(parameter, known);
            if (type.IsValueType || type.SpecialType == SpecialType.System_String || KnownSymbols.Is(type, known.CancellationToken)
                || attributes.Any(s_notBody.Contains) || placeholders.Contains(name, StringComparer.Ordinal))
            {
                continue;
            }

            if (candidate is not null || name is null || attributes.Count > 0 || placeholders.Contains(name, StringComparer.OrdinalIgnoreCase))
            {
                return null;
            }

            candidate = parameter;
        }

        return candidate;
    }

    /// <summary>The name Refit matches against the path: <c>[AliasAs]</c>'s, else the parameter's; <see langword="null"/> when unreadable.</summary>
    private static string? UrlName(IParameterSymbol parameter, KnownSymbols known) =>
        Find(parameter, known.AliasAsAttribute) is { } alias
            ? alias.ConstructorArguments.Length == 1 ? alias.ConstructorArguments[0].Value as string : null
            : parameter.Name;

    /// <summary>The names of the parameter's Refit attributes but <c>[AliasAs]</c>: any other one makes it something else, or may.</summary>
    private static List<string> RefitAttributes(IParameterSymbol parameter, KnownSymbols known) =>
        parameter.GetAttributes()
            .Select(a => a.AttributeClass)
            .Where(type => type is { ContainingNamespace: { Name: "Refit", ContainingNamespace.IsGlobalNamespace: true } } && !KnownSymbols.Is(type, known.AliasAsAttribute))
            .Select(type => type!.Name)
            .ToList();

    private static int SerializationOf(AttributeData body)
    {
        foreach (var argument in body.ConstructorArguments)
        {
            if (argument.Kind == TypedConstantKind.Enum && argument.Value is int method)
            {
                return method;
            }
        }

        return Default;
    }

    private static bool Has(ISymbol symbol, INamedTypeSymbol? attributeType) => Find(symbol, attributeType) is not null;

    private static AttributeData? Find(ISymbol symbol, INamedTypeSymbol? attributeType)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (KnownSymbols.Is(attribute.AttributeClass, attributeType))
            {
                return attribute;
            }
        }

        return null;
    }
}
