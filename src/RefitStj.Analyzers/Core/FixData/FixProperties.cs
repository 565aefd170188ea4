using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using RefitStj.Analyzers.Core.Contexts;
using RefitStj.Analyzers.Core.Symbols;

namespace RefitStj.Analyzers.Core.FixData;

/// <summary>
/// What a diagnostic hands its code fix, in its properties: written and read here only, so that the analyzer and the
/// fixes cannot disagree on a key or a separator.
/// </summary>
internal static class FixProperties
{
    private const string TypeIdsKey = "TypeId";
    private const string TypeNamesKey = "TypeName";
    private const string ContextKey = "Context";
    private const string ConverterIdKey = "ConverterId";
    private const string ConverterNameKey = "ConverterName";
    private const string OptionsKey = "Options";
    private const string ConvertersKey = "Converters";
    private const string EntryPointKindKey = "Kind";
    private const string ContextArgumentKey = "ContextArgument";
    private const string FallbackArgumentKey = "FallbackArgument";
    private const string SettingsArgumentKey = "SettingsArgument";
    private const string QueryConverterKey = "QueryConverter";
    private const string ExtendsAttributeKey = "ExtendsAttribute";
    private const string StatesDefaultsKey = "StatesDefaults";

    // Separates the values of one property: no documentation ID or C# type name contains it.
    private const char Separator = '|';

    /// <summary>RSTJ001's types to declare on the context: documentation IDs, and names as the message shows them.</summary>
    public static ImmutableDictionary<string, string?> MissingTypes(IEnumerable<ITypeSymbol> types, Func<ITypeSymbol, string> name, INamedTypeSymbol context) =>
        ImmutableDictionary<string, string?>.Empty
            .Add(TypeIdsKey, Join(types.Select(DocumentationCommentId.CreateReferenceId)))
            .Add(TypeNamesKey, Join(types.Select(name)))
            .Add(ContextKey, context.Name);

    /// <summary>
    /// RSTJ001's <c>SseItemConverter&lt;T&gt;</c> to list on the context; <paramref name="extendsAttribute"/>: the diagnostic's
    /// additional location is the context's <c>[JsonSourceGenerationOptions]</c> (else a <c>[JsonSerializable]</c> to add it beside).
    /// </summary>
    public static ImmutableDictionary<string, string?> MissingConverter(INamedTypeSymbol converter, string converterName, INamedTypeSymbol context, bool extendsAttribute) =>
        ImmutableDictionary<string, string?>.Empty
            .Add(ConverterIdKey, DocumentationCommentId.CreateReferenceId(converter))
            .Add(ConverterNameKey, converterName)
            .Add(ContextKey, context.Name)
            .Add(ExtendsAttributeKey, extendsAttribute ? bool.TrueString : bool.FalseString);

    /// <summary>
    /// RSTJ002's named arguments (<see cref="ContextOptions"/>'s names) and converter types to add to the context's options;
    /// <paramref name="extendsAttribute"/> as for <see cref="MissingConverter"/>.
    /// </summary>
    public static ImmutableDictionary<string, string?> Options(IEnumerable<string> options, IEnumerable<INamedTypeSymbol> converters, INamedTypeSymbol context, bool extendsAttribute) =>
        ImmutableDictionary<string, string?>.Empty
            .Add(OptionsKey, Join(options))
            .Add(ConvertersKey, Join(converters.Select(DocumentationCommentId.CreateReferenceId)))
            .Add(ContextKey, context.Name)
            .Add(ExtendsAttributeKey, extendsAttribute ? bool.TrueString : bool.FalseString);

    /// <summary>Whether the diagnostic's additional location is the context's own <c>[JsonSourceGenerationOptions]</c>, to extend rather than add.</summary>
    public static bool ExtendsAttribute(Diagnostic diagnostic) => Value(diagnostic, ExtendsAttributeKey) == bool.TrueString;

    /// <summary>RSTJ003/RSTJ004's entry point and the positions of its context, fallback and settings arguments (-1: none).</summary>
    public static ImmutableDictionary<string, string?> EntryPoint(ContextEntryPointKind kind, int context, int fallback, int settings) =>
        ImmutableDictionary<string, string?>.Empty
            .Add(EntryPointKindKey, kind.ToString())
            .Add(ContextArgumentKey, context.ToString(CultureInfo.InvariantCulture))
            .Add(FallbackArgumentKey, fallback.ToString(CultureInfo.InvariantCulture))
            .Add(SettingsArgumentKey, settings.ToString(CultureInfo.InvariantCulture));

    /// <summary>What <see cref="EntryPoint"/> wrote, or <see langword="null"/> for a diagnostic that carries no fix.</summary>
    public static (ContextEntryPointKind Kind, int Context, int Fallback, int Settings)? EntryPointOf(Diagnostic diagnostic) =>
        Enum.TryParse<ContextEntryPointKind>(Value(diagnostic, EntryPointKindKey), out var kind)
        && Number(diagnostic, ContextArgumentKey) is { } context && Number(diagnostic, FallbackArgumentKey) is { } fallback
        && Number(diagnostic, SettingsArgumentKey) is { } settings
            ? (kind, context, fallback, settings)
            : null;

    /// <summary>
    /// RSTJ003's fix also states <c>JsonSerializerDefaults.General</c> on <paramref name="context"/>: the format Refit's
    /// <c>ForContext</c> sent over it, stated, so that RSTJ002 takes it as the user's own on <c>new StjContentSerializer(context)</c>.
    /// </summary>
    public static ImmutableDictionary<string, string?> StatesDefaults(ImmutableDictionary<string, string?> properties, INamedTypeSymbol context) =>
        properties.Add(StatesDefaultsKey, DocumentationCommentId.CreateDeclarationId(context));

    /// <summary>The declaration ID of the context <see cref="StatesDefaults"/> names, or <see langword="null"/>.</summary>
    public static string? StatesDefaultsOf(Diagnostic diagnostic) => Value(diagnostic, StatesDefaultsKey);

    /// <summary>RSTJ005's fix may replace the converter: no client of the interface may run on Refit's serializer.</summary>
    public static ImmutableDictionary<string, string?> ReplaceQueryConverter { get; } = ImmutableDictionary<string, string?>.Empty.Add(QueryConverterKey, "StjQueryConverter");

    /// <summary>Whether a diagnostic carries <see cref="ReplaceQueryConverter"/>.</summary>
    public static bool ReplacesQueryConverter(Diagnostic diagnostic) => Value(diagnostic, QueryConverterKey) is not null;

    public static string ContextOf(Diagnostic diagnostic) => Value(diagnostic, ContextKey) ?? "";

    public static IReadOnlyList<string>? TypeIdsOf(Diagnostic diagnostic) => Split(Value(diagnostic, TypeIdsKey));

    public static IReadOnlyList<string> TypeNamesOf(Diagnostic diagnostic) => Split(Value(diagnostic, TypeNamesKey)) ?? [];

    public static string? ConverterIdOf(Diagnostic diagnostic) => Value(diagnostic, ConverterIdKey);

    public static string ConverterNameOf(Diagnostic diagnostic) => Value(diagnostic, ConverterNameKey) ?? "";

    /// <summary>RSTJ002's options and converter IDs, or <see langword="null"/> for a diagnostic that carries none.</summary>
    public static (IReadOnlyList<string> Options, IReadOnlyList<string> ConverterIds)? OptionsOf(Diagnostic diagnostic) =>
        Split(Value(diagnostic, OptionsKey)) is { } options && Split(Value(diagnostic, ConvertersKey)) is { } converters ? (options, converters) : null;

    private static string Join(IEnumerable<string?> values) => string.Join(Separator.ToString(), values);

    private static string? Value(Diagnostic diagnostic, string key) => diagnostic.Properties.TryGetValue(key, out var value) ? value : null;

    private static int? Number(Diagnostic diagnostic, string key) =>
        int.TryParse(Value(diagnostic, key), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value) ? value : null;

    private static string[]? Split(string? values) => values?.Split([Separator], StringSplitOptions.RemoveEmptyEntries);
}
