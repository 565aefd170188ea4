using System.Net;
#region snippet: refit-16
using System.Text.Json.Serialization.Metadata;
#endregion
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

/// <summary>The Refit 16 blocks of docs/compatibility.md (README's Refit 16 section sends there): a client written Refit 16's way, on RefitStj.</summary>
public sealed class ReadmeRefit16Snippets
{
    [Fact]
    public async Task Readme_Refit_16_JsonTypeInfo_Parameters_Run_On_RefitStj()
    {
        // The context's own options decide, on either Refit line: Refit 17's format, enums as numbers.
        var stub = Clients.Answering(HttpStatusCode.OK, """[{"name":"refit","stars":9000,"kind":1}]""");
        using var http = Clients.Http(stub);

        // README's context states Refit 17's names only: on the 16 line RSTJ002 asks for 16's enums and numbers, as the docs say.
#pragma warning disable RSTJ002
        #region snippet: refit-16
        // on Refit 16: warning RSTJ002 at the ForGenerated call, as above
        static Task<List<Repo>> ImportAsync(HttpClient http, Repo repo) =>
            RestService.ForGenerated<IRepoImportApi>(http, new RefitSettings(new StjContentSerializer(AppJsonContext.Default)))
                .Import(repo, AppJsonContext.Default.Repo, AppJsonContext.Default.ListRepo);
        #endregion
#pragma warning restore RSTJ002

        var imported = await ImportAsync(http, new Repo("refit", 9000));

        Assert.Equal([new Repo("refit", 9000, RepoKind.Fork)], imported);
        Assert.Equal("""{"name":"refit","stars":9000,"kind":0}""", Assert.Single(stub.Requests).BodyText);
    }
}

#region snippet: refit-16
public interface IRepoImportApi
{
    [Post("/repos/import")]
    Task<List<Repo>> Import([Body] Repo repo, JsonTypeInfo<Repo> body, JsonTypeInfo<List<Repo>> reply);
}
#endregion
