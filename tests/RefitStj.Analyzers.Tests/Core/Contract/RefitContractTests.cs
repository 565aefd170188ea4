using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Core.Contract;

/// <summary>
/// Which types Refit hands to the content serializer, by the rules of its generator and request runner (14.0.1 to
/// 16.4.0): each rule reported where the call is certain, silent where Refit handles the type itself or may.
/// </summary>
public sealed class RefitContractTests
{
    [Theory]
    [InlineData("Task<Repo>")]
    [InlineData("Task<Repo?>")]
    [InlineData("ValueTask<Repo>")]
    [InlineData("IObservable<Repo>")]
    [InlineData("Task<ApiResponse<Repo>>")]
    [InlineData("Task<IApiResponse<Repo>>")]
    [InlineData("IObservable<ApiResponse<Repo>>")]
    public async Task Reports_Missing_Response_Type(string returnType)
    {
        await Verify.AnalyzerAsync(Code.App($"""[Get("/repo")] {returnType} Get();""", ["Owner"]), Verify.Missing("IApi.Get", "reads", "Repo"));
    }

    [Fact]
    public async Task Reports_The_Item_Type_Of_IAsyncEnumerable_Not_The_Sequence()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/feed")] IAsyncEnumerable<Repo> Feed();""", ["Owner"]), Verify.Missing("IApi.Feed", "reads", "Repo"));
    }

    [Fact]
    public async Task Reports_String_Items_Of_IAsyncEnumerable_Which_Refit_Streams_Through_The_Serializer()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/names")] IAsyncEnumerable<string> Names();""", ["int"]), Verify.Missing("IApi.Names", "reads", "string"));
    }

    [Theory]
    [InlineData("Task")]
    [InlineData("Task<string>")]
    [InlineData("Task<Stream>")]
    [InlineData("Task<HttpContent>")]
    [InlineData("Task<HttpResponseMessage>")]
    [InlineData("Task<IApiResponse>")]
    [InlineData("Task<ApiResponse<string>>")]
    [InlineData("Task<ApiResponse<HttpContent>>")]
    [InlineData("Task<MemoryStream>")]
    [InlineData("IObservable<HttpResponseMessage>")]
    [InlineData("IAsyncEnumerable<ApiResponse<Repo>>")]
    [InlineData("Repo")]
    [InlineData("void")]
    [InlineData("Lazy<Repo>")]
    public async Task Silent_For_Responses_Refit_Handles_Itself_Or_Shapes_It_Does_Not_Deserialize(string returnType)
    {
        await Verify.AnalyzerAsync(Code.App($"""[Get("/repo")] {returnType} Get();""", ["Owner"]));
    }

    [Theory]
    [InlineData("[Body] NewRepo repo")]
    [InlineData("[Body(buffered: true)] NewRepo repo")]
    [InlineData("[Body(BodySerializationMethod.Serialized)] NewRepo repo")]
    [InlineData("[Body(BodySerializationMethod.Default, true)] NewRepo repo")]
    [InlineData("[Body] NewRepo? repo")]
    [InlineData("NewRepo repo")]
    [InlineData("[AliasAs(\"r\")] NewRepo repo")]
    [InlineData("[Query] Filter filter, NewRepo repo")]
    [InlineData("[Header(\"X-Id\")] string id, NewRepo repo, CancellationToken cancellationToken")]
    [InlineData("int id, NewRepo repo")]
    public async Task Reports_Missing_Body_Type(string parameters)
    {
        await Verify.AnalyzerAsync(Code.App($"""[Post("/repos")] Task Create({parameters});""", ["Filter"]), Verify.Missing("IApi.Create", "writes", "NewRepo"));
    }

    [Theory]
    [InlineData("Put")]
    [InlineData("Patch")]
    public async Task Reports_The_Body_Refit_Infers_On_Put_And_Patch(string method)
    {
        await Verify.AnalyzerAsync(Code.App($$"""[{{method}}("/repos/{id}")] Task Update(int id, NewRepo repo);""", ["Filter"]), Verify.Missing("IApi.Update", "writes", "NewRepo"));
    }

    [Fact]
    public async Task Reports_A_String_Body_Sent_As_Serialized_Json()
    {
        await Verify.AnalyzerAsync(Code.App("""[Post("/notes")] Task Note([Body(BodySerializationMethod.Serialized)] string note);""", ["int"]), Verify.Missing("IApi.Note", "writes", "string"));
    }

    [Fact]
    public async Task Reports_A_Serialized_Body_Whose_Type_A_String_Could_Be()
    {
        var members = """[Post("/text")] Task Text([Body(BodySerializationMethod.Serialized)] IEnumerable<char> text);""";

        await Verify.AnalyzerAsync(Code.App(members, ["int"]), Verify.Missing("IApi.Text", "writes", "IEnumerable<char>"));
    }

    [Fact]
    public async Task Reports_A_Value_Type_Body()
    {
        await Verify.AnalyzerAsync(Code.App("""[Post("/count")] Task Count([Body] int count);""", ["NewRepo"]), Verify.Missing("IApi.Count", "writes", "int"));
    }

    [Theory]
    [InlineData("Post(\"/repos\")", "[Body(BodySerializationMethod.UrlEncoded)] NewRepo repo")]
    [InlineData("Post(\"/repos\")", "[Body(BodySerializationMethod.JsonLines)] List<NewRepo> repos")]
    [InlineData("Post(\"/repos\")", "[Body] string text")]
    [InlineData("Post(\"/repos\")", "[Body] Stream stream")]
    [InlineData("Post(\"/repos\")", "[Body] HttpContent content")]
    [InlineData("Post(\"/repos\")", "[Body] StringContent content")]
    [InlineData("Post(\"/repos\")", "[Body] object body")]
    [InlineData("Post(\"/repos\")", "[Body] IDisposable body")]
    [InlineData("Post(\"/repos\")", "[Body] IEnumerable<char> body")]
    [InlineData("Post(\"/repos\")", "[Body] NewRepo a, [Body] NewRepo b")]
    [InlineData("Post(\"/repos\")", "NewRepo a, Filter b")]
    [InlineData("Post(\"/repos\")", "[Query] NewRepo repo")]
    [InlineData("Post(\"/repos\")", "[Header(\"X\")] NewRepo repo")]
    [InlineData("Post(\"/repos\")", "[Property(\"p\")] NewRepo repo")]
    [InlineData("Post(\"/repos\")", "[Encoded] NewRepo repo")]
    [InlineData("Post(\"/repos/{repo}\")", "NewRepo repo")]
    [InlineData("Post(\"/repos/{repo.Name}\")", "NewRepo repo")]
    [InlineData("Post(\"/repos/{**repo}\")", "NewRepo repo")]
    [InlineData("Post(\"/repos/{Repo}\")", "NewRepo repo")]
    [InlineData("Post(\"/repos/{r}\")", "[AliasAs(\"r\")] NewRepo repo")]
    [InlineData("Get(\"/repos\")", "NewRepo repo")]
    [InlineData("Delete(\"/repos\")", "NewRepo repo")]
    [InlineData("Post(\"/repos\")", "[Body] Page<T> page")]
    public async Task Silent_For_Bodies_Refit_Does_Not_Certainly_Serialize(string httpMethod, string parameters)
    {
        var method = parameters.Contains("<T>", StringComparison.Ordinal) ? "Create<T>" : "Create";
        await Verify.AnalyzerAsync(Code.App($"""[{httpMethod}] Task {method}({parameters});""", ["Filter"]));
    }

    [Fact]
    public async Task Silent_For_Multipart_Parts()
    {
        await Verify.AnalyzerAsync(Code.App("""[Multipart][Post("/upload")] Task Upload([AliasAs("meta")] NewRepo meta, StreamPart file);""", ["Filter"]));
    }

    [Fact]
    public async Task Reports_Methods_Of_Inherited_Interfaces()
    {
        var source = Code.App("""[Get("/repo")] Task<Repo> Get();""", ["Owner"])
            .Replace("public interface IApi\n{", "public interface IBaseApi\n{\n    [Get(\"/owner\")] Task<NewRepo> GetBase();\n}\n\npublic interface IApi : IBaseApi\n{", StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source, Verify.Missing("IApi.Get", "reads", "Repo"), Verify.Missing("IBaseApi.GetBase", "reads", "NewRepo"));
    }

    [Fact]
    public async Task Ignores_Members_Without_An_Http_Method_Attribute()
    {
        await Verify.AnalyzerAsync(Code.App("Task<Repo> NotAnEndpoint();\nstatic Task<Repo> Make() => null!;", ["Owner"]));
    }

    [Fact]
    public async Task Reports_The_Constructed_Types_Of_A_Generic_Interface()
    {
        var source = Code.App("", ["Owner"], "RestService.ForGenerated<IStore<Repo>>(http, new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) })")
            .Replace("public static IApi Create", "public static IStore<Repo> Create", StringComparison.Ordinal)
            .Replace("public interface IApi\n{", "public interface IStore<T>\n{\n    [Get(\"/items\")] Task<Page<T>> List();\n    [Post(\"/items\")] Task Add([Body] T item);\n}\n\npublic interface IApi\n{", StringComparison.Ordinal);

        await Verify.AnalyzerAsync(source, Verify.Missing("IStore.List", "reads", "Page<Repo>"), Verify.Missing("IStore.Add", "writes", "Repo"));
    }

    [Fact]
    public async Task Silent_For_Types_Of_A_Generic_Method()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/any")] Task<T> Get<T>();""", ["Owner"]));
    }

    [Theory]
    [InlineData("Task<int?>", "int?")]
    [InlineData("Task<List<Repo?>>", "List<Repo>")]
    [InlineData("Task<Repo[]>", "Repo[]")]
    [InlineData("Task<Dictionary<string, Repo>>", "Dictionary<string, Repo>")]
    [InlineData("Task<(int, string)>", "(int, string)")]
    public async Task Reports_Nullable_Generic_Array_And_Tuple_Types_As_The_Code_Names_Them(string returnType, string shown)
    {
        await Verify.AnalyzerAsync(Code.App($"""[Get("/x")] {returnType} Get();""", ["Filter"]), Verify.Missing("IApi.Get", "reads", shown));
    }

    [Fact]
    public async Task Silent_When_A_Nullable_Reference_Is_Declared_Without_Annotation()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/x")] Task<List<Repo?>?> Get();""", ["List<Repo>"]));
    }

    [Fact]
    public async Task Silent_For_Methods_Taking_A_JsonTypeInfo_Which_Need_Refits_Own_Serializer()
    {
        await Verify.AnalyzerAsync(Code.App("""[Get("/x")] Task<Repo> Get(System.Text.Json.Serialization.Metadata.JsonTypeInfo<Repo> typeInfo);""", ["Owner"]));
    }
}
