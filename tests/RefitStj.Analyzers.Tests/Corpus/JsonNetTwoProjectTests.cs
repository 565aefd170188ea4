using System.Globalization;
using RefitStj.Analyzers.Rules;
using RefitStj.Analyzers.Tests.Support;

namespace RefitStj.Analyzers.Tests.Corpus;

/// <summary>
/// RSTJ007 where the models carrying JSON.NET's attributes live in a referenced project: a diagnostic may point only into
/// the project being built, so it is reported once per type at the app's first client of the interface that runs on
/// RefitStj, naming each attribute, with no fix (the attributes can only be changed where they are written); the same on
/// the command line (a built assembly) and in the IDE (a compilation), and nothing for a client on Refit's serializer.
/// </summary>
public sealed class JsonNetTwoProjectTests
{
    private const string Contracts = """
        using System.Threading.Tasks;
        using Newtonsoft.Json;
        using Refit;

        namespace Contracts;

        public interface IUsersApi
        {
            [Get("/users/{id}")]
            Task<User> Get(int id);
        }

        public sealed class User
        {
            [JsonProperty("avatar_url")]
            public string? AvatarUrl { get; set; }

            [JsonIgnore]
            public string? Secret { get; set; }
        }
        """;

    private const string App = """
        using System.Net.Http;
        using Contracts;
        using Refit;
        using RefitStj;

        namespace App;

        public static class Clients
        {
            public static IUsersApi OnRefit(HttpClient http) => RestService.For<IUsersApi>(http);

            public static IUsersApi OnRefitStj(HttpClient http) => RestService.For<IUsersApi>(http, new RefitSettings(new StjContentSerializer()));

            public static IUsersApi Again(HttpClient http) => RestService.For<IUsersApi>(http, new RefitSettings(new StjContentSerializer()));
        }
        """;

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task Reports_Each_Referenced_Type_Once_At_The_Apps_First_Client_On_RefitStj_Without_A_Fix(ReferenceShape shape)
    {
        var diagnostics = (await TwoProjects.DiagnosticsAsync([("Contracts.cs", Contracts)], [("App.cs", App)], shape)).Where(d => d.Id == Descriptors.Rstj007).ToList();

        var reported = Assert.Single(diagnostics);
        Assert.Equal("App.cs", reported.Location.SourceTree?.FilePath);
        Assert.Equal(12, reported.Location.GetLineSpan().StartLinePosition.Line + 1);
        Assert.Equal(
            "'IUsersApi' reads 'User', declared in a referenced assembly, where System.Text.Json ignores JSON.NET's [JsonProperty] on 'User.AvatarUrl', JSON.NET's [JsonIgnore] on 'User.Secret': add their System.Text.Json twins where 'User' is declared",
            reported.GetMessage(CultureInfo.InvariantCulture));
        Assert.Empty(reported.Properties);
    }

    [Theory]
    [InlineData(ReferenceShape.Compilation)]
    [InlineData(ReferenceShape.Metadata)]
    public async Task Says_Nothing_Of_A_Referenced_Type_Only_Sent_Whose_Attribute_Differs_Only_In_A_Reply(ReferenceShape shape)
    {
        // NullValueHandling.Ignore on an int has no twin and differs only on read: a body only sent has nothing to say.
        var contracts = Contracts
            .Replace("Task<User> Get(int id);", "Task Add([Body] NewUser user);", StringComparison.Ordinal)
            .Replace("public sealed class User", "public sealed class NewUser { [JsonProperty(NullValueHandling = NullValueHandling.Ignore)] public int Stars { get; set; } }\n\npublic sealed class Unused", StringComparison.Ordinal)
            .Replace("[Get(\"/users/{id}\")]", "[Post(\"/users\")]", StringComparison.Ordinal);

        var diagnostics = await TwoProjects.DiagnosticsAsync([("Contracts.cs", contracts)], [("App.cs", App)], shape);

        Assert.DoesNotContain(diagnostics, d => d.Id == Descriptors.Rstj007);
    }
}
