using Microsoft.CodeAnalysis;

namespace RefitStj.Analyzers.Core.Symbols;

/// <summary>The types the analysis names, resolved once per compilation; absent when the compilation cannot pair them.</summary>
internal sealed class KnownSymbols
{
    private KnownSymbols(Compilation compilation, INamedTypeSymbol serializer, INamedTypeSymbol settings, INamedTypeSymbol context, INamedTypeSymbol typeInfo)
    {
        Compilation = compilation;
        StjContentSerializer = serializer;
        RefitSettings = settings;
        // Refit's AssemblyVersion is <major>.0.0.0: the Refit this compilation runs on, whose defaults RSTJ002 compares.
        HasRefit16Wire = settings.ContainingAssembly.Identity.Version.Major < 17;
        JsonSerializerContext = context;
        JsonTypeInfo = typeInfo;
        JsonSerializableAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonSerializableAttribute");
        RestService = compilation.GetTypeByMetadataName("Refit.RestService");
        HttpMethodAttribute = compilation.GetTypeByMetadataName("Refit.HttpMethodAttribute");
        BodyAttribute = compilation.GetTypeByMetadataName("Refit.BodyAttribute");
        MultipartAttribute = compilation.GetTypeByMetadataName("Refit.MultipartAttribute");
        AliasAsAttribute = compilation.GetTypeByMetadataName("Refit.AliasAsAttribute");
        BodyCapableMethods = Resolve(compilation, "Refit.PostAttribute", "Refit.PutAttribute", "Refit.PatchAttribute");
        ApiResponses = Resolve(compilation, "Refit.ApiResponse`1", "Refit.IApiResponse`1");
        NonGenericApiResponse = compilation.GetTypeByMetadataName("Refit.IApiResponse");
        ReturnTypeAdapter = compilation.GetTypeByMetadataName("Refit.IReturnTypeAdapter`2");
        AwaitedResults = Resolve(compilation, "System.Threading.Tasks.Task`1", "System.Threading.Tasks.ValueTask`1", "System.IObservable`1");
        AsyncEnumerable = compilation.GetTypeByMetadataName("System.Collections.Generic.IAsyncEnumerable`1");
        RawContentTypes = Resolve(compilation, "System.Net.Http.HttpContent", "System.IO.Stream", "System.Net.Http.HttpResponseMessage");
        CancellationToken = compilation.GetTypeByMetadataName("System.Threading.CancellationToken");
        JsonSourceGenerationOptionsAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute");
        JsonConverterAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonConverterAttribute");
        PolymorphismAttributes = Resolve(compilation, "System.Text.Json.Serialization.JsonPolymorphicAttribute", "System.Text.Json.Serialization.JsonDerivedTypeAttribute");
        JsonConverterOfT = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonConverter`1");
        JsonConverterFactory = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonConverterFactory");
        RefitEnumConverter = compilation.GetTypeByMetadataName("RefitStj.RefitEnumConverter`1");
        RefitObjectConverter = compilation.GetTypeByMetadataName("RefitStj.RefitObjectConverter");
        QueryConverterAttribute = compilation.GetTypeByMetadataName("Refit.QueryConverterAttribute");
        RefitContentSerializer = compilation.GetTypeByMetadataName("Refit.SystemTextJsonContentSerializer");
        HttpContentSerializer = compilation.GetTypeByMetadataName("Refit.IHttpContentSerializer");
        StjRefitSettingsExtensions = compilation.GetTypeByMetadataName("RefitStj.StjRefitSettingsExtensions");
        SseItem = compilation.GetTypeByMetadataName("System.Net.ServerSentEvents.SseItem`1");
        JsonIncludeAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonIncludeAttribute");
        JsonIgnoreAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonIgnoreAttribute");
        HttpClientFactoryExtensions = Resolve(compilation, "Refit.HttpClientFactoryExtensions", "Microsoft.Extensions.DependencyInjection.HttpClientFactoryExtensions");
        SseItemConverter = compilation.GetTypeByMetadataName("RefitStj.SseItemConverter`1");
        ObjectValueTypes = Resolve(compilation, "System.DateTimeOffset", "System.Guid", "System.Text.Json.JsonElement");
        RefitQueryConverter = compilation.GetTypeByMetadataName("Refit.SystemTextJsonQueryConverter`1");
        StjQueryConverter = compilation.GetTypeByMetadataName("RefitStj.StjQueryConverter`1");
        GeneratedCodeAttribute = compilation.GetTypeByMetadataName("System.CodeDom.Compiler.GeneratedCodeAttribute");
        JsonStringEnumMemberNameAttribute = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonStringEnumMemberNameAttribute");
        GenericJsonStringEnumConverter = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonStringEnumConverter`1");
        JsonNetPropertyAttribute = compilation.GetTypeByMetadataName("Newtonsoft.Json.JsonPropertyAttribute");
    }

    public Compilation Compilation { get; }

    /// <summary>
    /// Where <paramref name="reference"/> is written, when that is in this compilation, else <see langword="null"/>: a
    /// diagnostic may point only into the compilation being analysed (a referenced project's source is not in it).
    /// </summary>
    public Location? LocationInCompilation(SyntaxReference? reference) =>
        reference is not null && Compilation.ContainsSyntaxTree(reference.SyntaxTree) ? Location.Create(reference.SyntaxTree, reference.Span) : null;

    public INamedTypeSymbol StjContentSerializer { get; }

    public INamedTypeSymbol RefitSettings { get; }

    /// <summary>
    /// Whether the referenced Refit's default options are 16's (enums as camelCase strings, numbers read from strings,
    /// <c>object</c> inferred) on top of camelCase and case-insensitive names, which are all that Refit 17's set.
    /// </summary>
    public bool HasRefit16Wire { get; }

    public INamedTypeSymbol JsonSerializerContext { get; }

    /// <summary><c>JsonTypeInfo&lt;T&gt;</c>: the System.Text.Json generator emits one such property per type a context covers.</summary>
    public INamedTypeSymbol JsonTypeInfo { get; }

    public INamedTypeSymbol? JsonSerializableAttribute { get; }

    public INamedTypeSymbol? RestService { get; }

    public INamedTypeSymbol? HttpMethodAttribute { get; }

    public INamedTypeSymbol? BodyAttribute { get; }

    public INamedTypeSymbol? MultipartAttribute { get; }

    public INamedTypeSymbol? AliasAsAttribute { get; }

    /// <summary>POST, PUT and PATCH: the methods for which Refit infers a body from an unattributed parameter.</summary>
    public IReadOnlyList<INamedTypeSymbol> BodyCapableMethods { get; }

    /// <summary><c>ApiResponse&lt;T&gt;</c> and <c>IApiResponse&lt;T&gt;</c>: Refit deserializes their <c>T</c>.</summary>
    public IReadOnlyList<INamedTypeSymbol> ApiResponses { get; }

    public INamedTypeSymbol? NonGenericApiResponse { get; }

    public INamedTypeSymbol? ReturnTypeAdapter { get; }

    /// <summary><c>Task&lt;T&gt;</c>, <c>ValueTask&lt;T&gt;</c> and <c>IObservable&lt;T&gt;</c>: one response read as <c>T</c>.</summary>
    public IReadOnlyList<INamedTypeSymbol> AwaitedResults { get; }

    public INamedTypeSymbol? AsyncEnumerable { get; }

    /// <summary>HttpContent, Stream and HttpResponseMessage: Refit hands these over as they are, never through the serializer.</summary>
    public IReadOnlyList<INamedTypeSymbol> RawContentTypes { get; }

    public INamedTypeSymbol? CancellationToken { get; }

    public INamedTypeSymbol? JsonSourceGenerationOptionsAttribute { get; }

    public INamedTypeSymbol? JsonConverterAttribute { get; }

    /// <summary><c>[JsonPolymorphic]</c> and <c>[JsonDerivedType]</c>: with either, System.Text.Json writes the subtypes itself.</summary>
    public IReadOnlyList<INamedTypeSymbol> PolymorphismAttributes { get; }

    public INamedTypeSymbol? JsonConverterOfT { get; }

    public INamedTypeSymbol? JsonConverterFactory { get; }

    /// <summary>RefitStj's <c>RefitEnumConverter&lt;TEnum&gt;</c>: Refit's enum format for one enum type.</summary>
    public INamedTypeSymbol? RefitEnumConverter { get; }

    /// <summary>RefitStj's <c>RefitObjectConverter</c>: Refit's inference for <c>object</c> values.</summary>
    public INamedTypeSymbol? RefitObjectConverter { get; }

    public INamedTypeSymbol? JsonIncludeAttribute { get; }

    public INamedTypeSymbol? JsonIgnoreAttribute { get; }

    /// <summary>System.Text.Json's <c>[JsonStringEnumMemberName]</c> (.NET 9 up): an enum member's own name on the wire.</summary>
    public INamedTypeSymbol? JsonStringEnumMemberNameAttribute { get; }

    /// <summary>System.Text.Json's <c>JsonStringEnumConverter&lt;TEnum&gt;</c> (.NET 8 up), the form a source-generated context can list.</summary>
    public INamedTypeSymbol? GenericJsonStringEnumConverter { get; }

    /// <summary>JSON.NET's <c>[JsonProperty]</c>: where it is absent the compilation does not reference JSON.NET, and RSTJ007 reads nothing.</summary>
    public INamedTypeSymbol? JsonNetPropertyAttribute { get; }

    /// <summary>Refit.HttpClientFactory's registrations (<c>AddRefitClient</c>...), in the namespace of its version.</summary>
    public IReadOnlyList<INamedTypeSymbol> HttpClientFactoryExtensions { get; }

    /// <summary><c>SseItem&lt;T&gt;</c>: a server-sent event whose data is read as <c>T</c>.</summary>
    public INamedTypeSymbol? SseItem { get; }

    /// <summary>RefitStj's <c>SseItemConverter&lt;T&gt;</c>, which a context lists to read <c>SseItem&lt;T&gt;</c>.</summary>
    public INamedTypeSymbol? SseItemConverter { get; }

    /// <summary>DateTimeOffset, Guid and JsonElement: the types beyond the special ones an <c>object</c> value is checked for.</summary>
    public IReadOnlyList<INamedTypeSymbol> ObjectValueTypes { get; }

    /// <summary>Refit's own <c>SystemTextJsonContentSerializer</c>.</summary>
    public INamedTypeSymbol? RefitContentSerializer { get; }

    /// <summary>Refit's <c>IHttpContentSerializer</c>: what every content serializer is.</summary>
    public INamedTypeSymbol? HttpContentSerializer { get; }

    /// <summary>RefitStj's <c>UseStjJsonContext</c> extensions.</summary>
    public INamedTypeSymbol? StjRefitSettingsExtensions { get; }

    /// <summary>Refit's <c>[QueryConverter(typeof(...))]</c>.</summary>
    public INamedTypeSymbol? QueryConverterAttribute { get; }

    /// <summary>Refit's <c>SystemTextJsonQueryConverter&lt;T&gt;</c>: only Refit's own serializer runs it.</summary>
    public INamedTypeSymbol? RefitQueryConverter { get; }

    /// <summary>RefitStj's <c>StjQueryConverter&lt;T&gt;</c>: only RefitStj's serializer runs it.</summary>
    public INamedTypeSymbol? StjQueryConverter { get; }

    /// <summary><c>[GeneratedCode]</c>: in a referenced assembly, what says a context's code is the generator's.</summary>
    public INamedTypeSymbol? GeneratedCodeAttribute { get; }

    /// <summary>The symbols, or <see langword="null"/> when RefitStj, Refit or System.Text.Json's metadata types are not referenced.</summary>
    public static KnownSymbols? Create(Compilation compilation)
    {
        var serializer = compilation.GetTypeByMetadataName("RefitStj.StjContentSerializer");
        var settings = compilation.GetTypeByMetadataName("Refit.RefitSettings");
        var context = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.JsonSerializerContext");
        var typeInfo = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.Metadata.JsonTypeInfo`1");
        return serializer is null || settings is null || context is null || typeInfo is null
            ? null
            : new KnownSymbols(compilation, serializer, settings, context, typeInfo);
    }

    /// <summary>The <c>T</c> of <c>SseItem&lt;T&gt;</c>, or <see langword="null"/> for any other type.</summary>
    public ITypeSymbol? SseItemDataType(ITypeSymbol item) =>
        item is INamedTypeSymbol { TypeArguments.Length: 1 } named && Is(named.OriginalDefinition, SseItem) ? named.TypeArguments[0] : null;

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? expected) =>
        type is not null && expected is not null && SymbolEqualityComparer.Default.Equals(type, expected);

    public static bool IsOneOf(ITypeSymbol type, IReadOnlyList<INamedTypeSymbol> candidates)
    {
        foreach (var candidate in candidates)
        {
            if (SymbolEqualityComparer.Default.Equals(type, candidate))
            {
                return true;
            }
        }

        return false;
    }

    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol baseType)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
            {
                return true;
            }
        }

        return false;
    }

    private static INamedTypeSymbol[] Resolve(Compilation compilation, params string[] metadataNames)
    {
        var found = new List<INamedTypeSymbol>(metadataNames.Length);
        foreach (var name in metadataNames)
        {
            if (compilation.GetTypeByMetadataName(name) is { } type)
            {
                found.Add(type);
            }
        }

        return found.ToArray();
    }
}
