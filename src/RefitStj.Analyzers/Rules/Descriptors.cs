using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Rules;

/// <summary>
/// Every rule's ID and descriptor, in one place: each <see cref="Rule"/> declares those it reports, and the fixes and the
/// tests name them from here.
/// </summary>
internal static class Descriptors
{
    /// <summary>RSTJ001: a context the client runs on alone lacks a type or converter the interface needs.</summary>
    public const string Rstj001 = "RSTJ001";

    /// <summary>RSTJ002: a context's options send or read other JSON than Refit's default.</summary>
    public const string Rstj002 = "RSTJ002";

    /// <summary>RSTJ003: a Refit 16 context entry point builds Refit's own serializer.</summary>
    public const string Rstj003 = "RSTJ003";

    /// <summary>RSTJ004: a context is added to settings whose serializer is RefitStj's, which throws.</summary>
    public const string Rstj004 = "RSTJ004";

    /// <summary>RSTJ005: Refit's query converter on a client that runs on RefitStj, which throws.</summary>
    public const string Rstj005 = "RSTJ005";

    /// <summary>RefitStj's query converter on a client of Refit's serializer.</summary>
    public const string Rstj006 = "RSTJ006";

    /// <summary>RSTJ007: a JSON.NET or DataContract attribute System.Text.Json ignores, on a type a RefitStj client sends or reads.</summary>
    public const string Rstj007 = "RSTJ007";

    /// <summary>A type a Refit interface reads or writes, missing from the context the client runs on alone.</summary>
    public static readonly DiagnosticDescriptor Rstj001MissingType = new(
        Rstj001,
        title: "A source-generated JsonSerializerContext lacks a type a Refit interface reads or writes",
        messageFormat: "'{0}' {1} '{2}' through the content serializer, but '{3}' has no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof({2}))] to '{3}'",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "StjContentSerializer over a JsonSerializerContext uses only that context's metadata. A type a Refit method reads or writes that the context neither declares with [JsonSerializable] nor reaches from a declared type fails at the first call of that method.");

    /// <summary>The same failure for the runtime type of an interface or abstract body, which the declared type does not name.</summary>
    public static readonly DiagnosticDescriptor Rstj001MissingRuntimeType = new(
        Rstj001,
        title: "A source-generated JsonSerializerContext lacks a type a Refit interface writes at run time",
        messageFormat: "'{0}' writes its '{1}' body by the runtime type, but '{3}' has no metadata for '{2}', one of its implementations in this compilation: sending one throws NotSupportedException; add [JsonSerializable(typeof({2}))] to '{3}' (or [JsonDerivedType] to '{1}')",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "RefitStj writes an interface or abstract body without polymorphism metadata by its runtime type, which needs metadata of its own: each concrete type the compilation declares for it must be in the context.");

    /// <summary>The same failure for the values of <c>object</c> members, which are written by their runtime type.</summary>
    public static readonly DiagnosticDescriptor Rstj001MissingObjectValueTypes = new(
        Rstj001,
        title: "A source-generated JsonSerializerContext lacks the types object values are written as",
        messageFormat: "'{0}' writes 'object' values by their runtime type, but '{2}' has no metadata for {1}: sending such a value throws NotSupportedException; add [JsonSerializable(typeof(T))] for each to '{2}'",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "An object value (a property, element or dictionary value of type object) is written by its runtime type, which needs metadata in the context: bool, int, long, double, decimal, string, DateTime, DateTimeOffset, Guid and JsonElement (what Refit's object inference reads values as) are checked.");

    /// <summary>The same failure for a missing <c>SseItemConverter&lt;T&gt;</c>: another thing to add to the context.</summary>
    public static readonly DiagnosticDescriptor Rstj001MissingSseItemConverter = new(
        Rstj001,
        title: "A source-generated JsonSerializerContext lacks a type a Refit interface reads or writes",
        messageFormat: "'{0}' reads 'SseItem<{1}>' through the content serializer, but '{2}' lists no SseItemConverter<{1}> and the call will throw NotSupportedException: add typeof(SseItemConverter<{1}>) to [JsonSourceGenerationOptions(Converters = ...)] on '{2}'",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "StjContentSerializer over a JsonSerializerContext reads IAsyncEnumerable<SseItem<T>> through the SseItemConverter<T> the context lists; without it the first call of that method fails.");

    /// <summary>A context whose options send or read other JSON than Refit's default.</summary>
    public static readonly DiagnosticDescriptor Rstj002IncompatibleOptions = new(
        Rstj002,
        title: "A source-generated JsonSerializerContext does not send and read what Refit's default options do",
        messageFormat: "'{0}' does not send and read what Refit's default options do: {1}; add the compatible options to its [JsonSourceGenerationOptions], or state an option there to keep your choice",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "Refit's default System.Text.Json options write camelCase names and read names in any case; Refit 16's also read numbers from strings, write enums as camelCase strings and infer object values. A context's own options apply instead; where they differ, and the context's [JsonSourceGenerationOptions] states no format of its own, switching serializers changes the wire format.");

    /// <summary>A Refit 16 context entry point that builds Refit's own serializer.</summary>
    public static readonly DiagnosticDescriptor Rstj003RefitSerializer = new(
        Rstj003,
        title: "A Refit context entry point builds Refit's own serializer, not RefitStj",
        messageFormat: "'{0}' builds Refit's own serializer from '{1}': this client runs on Refit's serializer, not RefitStj; use new RefitSettings(new StjContentSerializer(context)), which keeps the context's options and so the wire format",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "RestService.ForGenerated, RefitSettings.ForJsonContext and AddRefitGeneratedClient / AddKeyedRefitGeneratedClient with a context and no settings create Refit's SystemTextJsonContentSerializer.ForContext. new StjContentSerializer(context) takes the same options from the context, so the client sends and reads the same JSON on RefitStj. Write Refit's serializer explicitly to keep it for one client.");

    /// <summary>A context added to settings on RefitStj, which throws.</summary>
    public static readonly DiagnosticDescriptor Rstj004ContextThrows = new(
        Rstj004,
        title: "A JsonSerializerContext is added to settings whose serializer is RefitStj's, which throws",
        messageFormat: "'{0}' adds '{1}' to settings whose serializer is StjContentSerializer and throws InvalidOperationException when it runs (Refit adds a context only to its own serializer); use UseStjJsonContext, which adds the context to these settings' options",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "RefitSettings.UseJsonContext, RestService.ForGenerated with a context and settings, and AddRefitGeneratedClient with a context and a settings action require Refit's SystemTextJsonContentSerializer. RefitStj's UseStjJsonContext does the same for settings over StjContentSerializer.");

    /// <summary>Refit's query converter on a client that runs on RefitStj, which throws.</summary>
    public static readonly DiagnosticDescriptor Rstj005QueryConverter = new(
        Rstj005,
        title: "Refit's SystemTextJsonQueryConverter<T> throws on a client that runs on RefitStj",
        messageFormat: "'{0}' flattens '{1}' with Refit's SystemTextJsonQueryConverter<{2}>, which throws NotSupportedException at each call on a client over StjContentSerializer, as a client of '{3}' in this compilation is; use StjQueryConverter<{2}>, which sends the same query string",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "Refit's SystemTextJsonQueryConverter<T> requires RefitSettings.ContentSerializer to be Refit's SystemTextJsonContentSerializer. RefitStj's StjQueryConverter<T> flattens the parameter by the JSON metadata of StjContentSerializer and produces the query string Refit's converter produces with the same options.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>RSTJ005 at the client creation, the converter being written in a referenced assembly: no fix from here.</summary>
    public static readonly DiagnosticDescriptor Rstj005QueryConverterInReference = new(
        Rstj005,
        title: "Refit's SystemTextJsonQueryConverter<T> throws on a client that runs on RefitStj",
        messageFormat: "'{0}' flattens '{1}' with Refit's SystemTextJsonQueryConverter<{2}>, which throws NotSupportedException at each call on a client over StjContentSerializer, as this client of '{3}' is; '{0}' is declared in a referenced assembly: change its converter there to StjQueryConverter<{2}> if every client of the interface runs on RefitStj, or keep this client on Refit's serializer",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "Refit's SystemTextJsonQueryConverter<T> requires RefitSettings.ContentSerializer to be Refit's SystemTextJsonContentSerializer. The interface is not in this project, so the converter can only be changed where it is declared.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>RSTJ005 where the interface also serves a client that may run on Refit's serializer: no converter suits both, so no fix.</summary>
    public static readonly DiagnosticDescriptor Rstj005QueryConverterOnBoth = new(
        Rstj005,
        title: "Refit's SystemTextJsonQueryConverter<T> throws on a client that runs on RefitStj",
        messageFormat: "'{0}' flattens '{1}' with Refit's SystemTextJsonQueryConverter<{2}>, which throws NotSupportedException at each call on a client over StjContentSerializer, as a client of '{3}' in this compilation is; a client of '{4}' may run on Refit's serializer, where StjQueryConverter<{2}> would throw in turn: give every client of the interface the same serializer",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "One query converter cannot serve clients on both serializers: Refit's throws on RefitStj's, RefitStj's throws on Refit's. Move every client of the interface onto one serializer, then use its converter.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>RefitStj's query converter on a client that runs on Refit's serializer, which throws.</summary>
    public static readonly DiagnosticDescriptor Rstj006StjQueryConverterOnRefit = new(
        Rstj006,
        title: "RefitStj's StjQueryConverter<T> throws on a client that runs on Refit's serializer",
        messageFormat: "'{0}' flattens '{1}' with StjQueryConverter<{2}>, which throws NotSupportedException at each call on a client whose serializer is not StjContentSerializer, as a client of '{3}' in this compilation is; move that client onto StjContentSerializer, or use Refit's SystemTextJsonQueryConverter<{2}> if every client of the interface stays on Refit's serializer",
        category: "Reliability",
        defaultSeverity: DiagnosticSeverity.Error,
        isEnabledByDefault: true,
        description: "StjQueryConverter<T> reads the JSON metadata of RefitSettings.ContentSerializer, which must be RefitStj's StjContentSerializer. A client on Refit's own serializer throws at each call of the method.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>A JSON.NET or DataContract attribute System.Text.Json ignores, with its System.Text.Json twin to add beside it.</summary>
    public static readonly DiagnosticDescriptor Rstj007JsonNetAttribute = new(
        Rstj007,
        title: "System.Text.Json ignores a JSON.NET attribute on a type a RefitStj client sends or reads",
        messageFormat: "System.Text.Json ignores {0} on {1}, which a RefitStj client of '{2}' {3}: add {4}",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JSON.NET's attributes ([JsonProperty], [JsonIgnore], [JsonRequired], [JsonConstructor], [JsonExtensionData], [JsonConverter(typeof(StringEnumConverter))]) and DataContract's ([DataMember] on a [DataContract] type, [IgnoreDataMember], [EnumMember]) mean nothing to System.Text.Json: names, order, ignored members, required members and enum spellings change silently when the client moves onto RefitStj. The fix adds the System.Text.Json attribute beside JSON.NET's, which stays.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>A JSON.NET attribute or convention System.Text.Json ignores and has no attribute for: the message says what to write.</summary>
    public static readonly DiagnosticDescriptor Rstj007JsonNetAttributeWithoutTwin = new(
        Rstj007,
        title: "System.Text.Json ignores a JSON.NET setting that has no System.Text.Json attribute",
        messageFormat: "System.Text.Json ignores {0} on {1}, which a RefitStj client of '{2}' {3}; no attribute does the same: {4}",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "JSON.NET's own converters, naming strategies, ShouldSerialize methods, TypeNameHandling polymorphism and reference handling have no System.Text.Json attribute: the message names what to write instead.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);

    /// <summary>RSTJ007 at the client where the attributes are on types of a referenced assembly: nothing to edit here.</summary>
    public static readonly DiagnosticDescriptor Rstj007JsonNetAttributesInReference = new(
        Rstj007,
        title: "System.Text.Json ignores JSON.NET attributes on a type of a referenced assembly a RefitStj client sends or reads",
        messageFormat: "'{0}' {1} '{2}', declared in a referenced assembly, where System.Text.Json ignores {3}: add their System.Text.Json twins where '{2}' is declared",
        category: "Compatibility",
        defaultSeverity: DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        description: "The attributes are on a type of another project or package, so they can only be changed there; the diagnostic is reported at this project's first client of the interface that runs on RefitStj.",
        customTags: WellKnownDiagnosticTags.CompilationEnd);
}
