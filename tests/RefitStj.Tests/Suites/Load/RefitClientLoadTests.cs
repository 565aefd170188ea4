using System.Net;
using System.Text.Json;
using Microsoft.AspNetCore.Http;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Load;

public interface ILoadApi
{
    [Post("/people")]
    Task<Person> Echo([Body] Person person, CancellationToken cancellationToken);
}

/// <summary>Load through one real Refit client over real sockets (Kestrel on 127.0.0.1).</summary>
[Collection(nameof(LoadTestsRunAlone))]
public sealed class RefitClientLoadTests
{
    [Fact]
    public async Task Ten_Thousand_Calls_At_64_Concurrent_Through_One_Refit_Client_Have_Zero_Errors()
    {
        var web = new JsonSerializerOptions(JsonSerializerDefaults.Web);
        var validBodies = 0;
        await using var server = await LoopbackServer.StartAsync(async context =>
        {
            var person = await JsonSerializer.DeserializeAsync<Person>(context.Request.Body, web);
            if (person is null || person.Name != "caller " + person.Age)
            {
                context.Response.StatusCode = 400;
                return;
            }

            Interlocked.Increment(ref validBodies);
            context.Response.ContentType = "application/json; charset=utf-8";
            await context.Response.WriteAsync(JsonSerializer.Serialize(person with { Age = person.Age + 1 }, web));
        });
        using var http = server.CreateClient();
        var api = RestService.ForGenerated<ILoadApi>(http, new RefitSettings { ContentSerializer = new StjContentSerializer() });
        using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(120));
        var errors = 0;

        await Parallel.ForEachAsync(Enumerable.Range(0, 10_000), new ParallelOptions { MaxDegreeOfParallelism = 64, CancellationToken = deadline.Token }, async (i, token) =>
        {
            var echoed = await api.Echo(new Person("caller " + i, i), token);
            if (echoed.Name != "caller " + i || echoed.Age != i + 1)
            {
                Interlocked.Increment(ref errors);
            }
        });

        Assert.Equal(0, errors);
        Assert.Equal(10_000, validBodies);
    }
}
