using System.Net;
using System.Text.Json;
#region snippet: source-generated
using System.Text.Json.Serialization;
#endregion
using System.Text.Json.Serialization.Metadata;
#region snippet: quick-start
using Refit;
using RefitStj;
#endregion
using RefitStj.Tests.Support;
using RefitStj.Tests.Suites.EndToEnd;

#if !REFIT17
// README's AppJsonContext is Refit 17's format: on the 16 line RSTJ002 rightly reports it where a client uses it (its
// 16-format twin, Refit16JsonContext, is checked below against Refit 16's serializer).
#pragma warning disable RSTJ002
#endif

namespace RefitStj.Tests.Suites.Readme;

// README's C# blocks that use Refit, as `#region snippet: <name>` regions (ReadmeTests compares each with README's block
// of that name), run through real Refit clients over a stubbed handler. Each block is a whole file in README, so its
// usings open this file and its declarations (IFeedApi also serves StreamingTests) follow the tests' statements.

[JsonSerializable(typeof(Tick))]
internal sealed partial class OtherContext : JsonSerializerContext;

public sealed class ReadmeRefitSnippets
{
    private const string RepoJson = """{"name":"refit","stars":9000}""";

    [Fact]
    public void Readme_Quick_Start_Builds_A_Client_With_StjContentSerializer()
    {
        // Built only: calling it would reach the network; the next test runs its settings.
        #region snippet: quick-start
        var api = RestService.ForGenerated<IGitHubApi>("https://api.github.com",
            new RefitSettings { ContentSerializer = new StjContentSerializer() });
        #endregion

        Assert.IsAssignableFrom<IGitHubApi>(api);
    }

    [Fact]
    public async Task Readme_Quick_Start_Settings_Read_A_Response_Through_Refit()
    {
        // The Quick start's settings, over a stub instead of the network.
        var api = RestService.ForGenerated<IGitHubApi>(Clients.Http(Clients.Answering(HttpStatusCode.OK, RepoJson)),
            new RefitSettings { ContentSerializer = new StjContentSerializer() });

        Assert.Equal(new Repo("refit", 9000), await api.GetRepository("reactiveui", "refit"));
    }

    [Fact]
    public async Task Readme_Streaming_Feed_Hands_Over_Each_Item()
    {
        var handled = new List<Tick>();
        var api = Clients.For<IFeedApi>(Clients.Trickling(HttpStatusCode.OK, "{\"id\":1}\n{\"id\":2}\n", chunk: 4, mediaType: "application/x-ndjson"));

        #region snippet: streaming
        static async Task ReadFeedAsync(IFeedApi api, Action<Tick> handle)
        {
            await foreach (var tick in api.Feed())
            {
                handle(tick); // each item as soon as it is complete
            }
        }
        #endregion

        await ReadFeedAsync(api, handled.Add);
        Assert.Equal([new Tick(1, null), new Tick(2, null)], handled);
    }

    [Fact]
    public async Task Readme_Source_Generated_Context_Sends_And_Reads_Refit_17s_Format_On_Either_Line()
    {
        var stub = Clients.Answering(HttpStatusCode.OK, """{"NAME":"refit","stars":9000,"kind":1}""");

        #region snippet: source-generated
        var settings = new RefitSettings { ContentSerializer = new StjContentSerializer(AppJsonContext.Default) };
        #endregion

        // Refit 17's default format: names in any case, enums as numbers, what Refit's serializer sends over this context.
        var api = RestService.ForGenerated<IGitHubApi>(Clients.Http(stub), settings);
        Assert.Equal(new Repo("refit", 9000, RepoKind.Fork), await api.GetRepository("reactiveui", "refit"));
        using var written = settings.ContentSerializer.ToHttpContent(new Repo("refit", 9000, RepoKind.Mirror));
        using var refits = new SystemTextJsonContentSerializer(AppJsonContext.Default.Options).ToHttpContent(new Repo("refit", 9000, RepoKind.Mirror));
        Assert.Equal("""{"name":"refit","stars":9000,"kind":2}""", await written.ReadAsStringAsync());
        Assert.Equal(await refits.ReadAsStringAsync(), await written.ReadAsStringAsync());
#if REFIT17
        // ... and what Refit 17's own default serializer sends, given reflection metadata as its users give it.
        Assert.Equal(await written.ReadAsStringAsync(), await RefitDefaultWrites(new Repo("refit", 9000, RepoKind.Mirror)));
#endif
    }

    [Fact]
    public async Task Readme_Refit_16_Context_And_Options_Send_And_Read_Refit_16s_Format_On_Either_Line()
    {
        var context = new StjContentSerializer(Refit16JsonContext.Default);
        var options = new StjContentSerializer(StjContentSerializer.CreateRefit16Options());
        var repo = new Repo("refit", 9000, RepoKind.Mirror);
        const string Expected = """{"name":"refit","stars":9000,"kind":"mirror"}""";

        // Names in any case, numbers from strings, enums as camelCase names (in any case), whichever Refit is loaded.
        foreach (var serializer in new[] { context, options })
        {
            using var content = serializer.ToHttpContent(repo);
            Assert.Equal(Expected, await content.ReadAsStringAsync());
            Assert.Equal(new Repo("refit", 9000, RepoKind.Fork), serializer.DeserializeFromString<Repo>("""{"NAME":"refit","stars":"9000","kind":"FORK"}"""));
        }
#if !REFIT17
        // On the 16 line that is Refit's own default.
        Assert.Equal(Expected, await RefitDefaultWrites(repo));
#endif
    }

    [Fact]
    public async Task Several_Contexts_Combine_Under_The_Given_Options()
    {
        // Several contexts, or any options whose TypeInfoResolver is set (these options apply, not the contexts' own).
        var chained = StjContentSerializer.CreateWithResolver(new JsonSerializerOptions
        {
            TypeInfoResolver = JsonTypeInfoResolver.Combine(AppJsonContext.Default, OtherContext.Default),
        });

        // Both contexts' types, with the given options' names: no naming policy, matched case-sensitively, no converters.
        Assert.Equal(new Repo("refit", 9000), chained.DeserializeFromString<Repo>("""{"Name":"refit","Stars":9000}"""));
        Assert.Equal(new Tick(3, "c"), chained.DeserializeFromString<Tick>("""{"Id":3,"Name":"c"}"""));
        using var content = chained.ToHttpContent(new Repo("refit", 9000));
        Assert.Equal("""{"Name":"refit","Stars":9000,"Kind":0}""", await content.ReadAsStringAsync());
    }

    /// <summary>What Refit's own default serializer of the loaded line writes, with reflection metadata as its users give it.</summary>
    private static async Task<string> RefitDefaultWrites<T>(T value)
    {
        using var content = RefitControl.Serializer().ToHttpContent(value);
        return await content.ReadAsStringAsync();
    }

    [Fact]
    public void Readme_Context_Check_Pairing_Is_A_Generated_Client_That_Reads_Through_The_Context()
    {
        // This project references the analyzer as the package delivers it: AppJsonContext covers IGitHubApi, or the build
        // fails. Built only: calling it would reach the network.
        #region snippet: context-check
        // warning RSTJ001: 'IGitHubApi.GetRepository' reads 'Repo' through the content serializer, but 'AppJsonContext' has
        // no metadata for it and the call will throw NotSupportedException: add [JsonSerializable(typeof(Repo))] to 'AppJsonContext'
        // on Refit 16 also RSTJ002: enums go out as numbers, numbers in strings are refused
        var api = RestService.ForGenerated<IGitHubApi>("https://api.github.com",
            new RefitSettings(new StjContentSerializer(AppJsonContext.Default)));
        #endregion

        Assert.IsAssignableFrom<IGitHubApi>(api);
    }
}

#region snippet: quick-start
public interface IGitHubApi
{
    [Get("/repos/{owner}/{name}")]
    Task<Repo> GetRepository(string owner, string name);
}

public sealed record Repo(string Name, int Stars, RepoKind Kind = RepoKind.Source);

public enum RepoKind { Source, Fork, Mirror }
#endregion

#region snippet: streaming
public interface IFeedApi
{
    [Get("/feed")]
    IAsyncEnumerable<Tick> Feed();
}
#endregion

#region snippet: source-generated
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true)]
[JsonSerializable(typeof(Repo))]
[JsonSerializable(typeof(List<Repo>))]
internal sealed partial class AppJsonContext : JsonSerializerContext;
#endregion

