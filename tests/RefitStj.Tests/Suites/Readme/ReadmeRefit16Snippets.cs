using System.Net;
using System.Text.Json.Serialization.Metadata;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;

namespace RefitStj.Tests.Suites.Readme;

#region snippet: refit-16
public interface IRepoImportApi
{
    [Post("/repos/import")]
    Task<List<Repo>> Import([Body] Repo repo, JsonTypeInfo<Repo> body, JsonTypeInfo<List<Repo>> reply);
}
#endregion

/// <summary>README's Refit 16 section: a client written Refit 16's way, on RefitStj.</summary>
public sealed class ReadmeRefit16Snippets
{
    [Fact]
    public async Task Readme_Refit_16_JsonTypeInfo_Parameters_Run_On_RefitStj()
    {
        var stub = Clients.Answering(HttpStatusCode.OK, """[{"name":"refit","stars":9000,"kind":"fork"}]""");
        using var http = Clients.Http(stub);

        #region snippet: refit-16
        var api = RestService.ForGenerated<IRepoImportApi>(http, new RefitSettings(StjContentSerializer.ForContext(AppJsonContext.Default)));
        var imported = await api.Import(new Repo("refit", 9000), AppJsonContext.Default.Repo, AppJsonContext.Default.ListRepo);
        #endregion

        Assert.Equal([new Repo("refit", 9000, RepoKind.Fork)], imported);
        Assert.Equal("""{"name":"refit","stars":9000,"kind":"source"}""", Assert.Single(stub.Requests).BodyText);
    }
}
