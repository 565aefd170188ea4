using System.Text.Json.Serialization.Metadata;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

public interface IFaultApi
{
    [Get("/fault/{fault}")]
    Task<List<Person>?> Get(Fault fault);

    [Get("/fault/{fault}")]
    Task<List<Person>?> GetTyped(Fault fault, JsonTypeInfo<List<Person>> typeInfo);

    [Get("/fault/{fault}")]
    Task<ApiResponse<List<Person>>> GetResponse(Fault fault);

    [Get("/fault/{fault}")]
    IAsyncEnumerable<Person?> Stream(Fault fault, CancellationToken cancellationToken = default);

    [Get("/ok")]
    Task<List<Person>?> Ok();
}

/// <summary>Which serializer a fault client runs on: RefitStj, or Refit's own beside it.</summary>
public enum SerializerKind
{
    RefitStj,
    Refits,
}

/// <summary>One client shape a user builds: protocol, how the client is made, serializer, and whether the limit handler is in the pipeline.</summary>
internal sealed record FaultClientShape(ServerProtocol Protocol, ClientKind Kind, SerializerKind Serializer, bool LimitHandler)
{
    // Far above every body here: the handler is in the pipeline, and never the reason a call fails.
    private const long Limit = 16 * 1024 * 1024;

    public static TheoryData<ServerProtocol, ClientKind, SerializerKind, bool> All()
    {
        var data = new TheoryData<ServerProtocol, ClientKind, SerializerKind, bool>();
        foreach (var protocol in new[] { ServerProtocol.Http1, ServerProtocol.Http2 })
        {
            foreach (var kind in new[] { ClientKind.RestService, ClientKind.HttpClientFactory })
            {
                foreach (var serializer in new[] { SerializerKind.RefitStj, SerializerKind.Refits })
                {
                    data.Add(protocol, kind, serializer, true);
                    data.Add(protocol, kind, serializer, false);
                }
            }
        }

        return data;
    }

    public FaultClient Create(LoopbackServer server)
    {
        var settings = new RefitSettings
        {
            ContentSerializer = Serializer == SerializerKind.RefitStj ? new StjContentSerializer() : RefitControl.Serializer(),
        };
        if (Kind == ClientKind.RestService)
        {
            HttpMessageHandler handler = new ReceivedSignalHandler(Primary());
            if (LimitHandler)
            {
                handler = new ResponseSizeLimitHandler(Limit, handler);
            }

            return new FaultClient(RestService.ForGenerated<IFaultApi>(server.CreateClient(handler), settings), null);
        }

        var services = new ServiceCollection();
        var builder = services.AddRefitGeneratedClient<IFaultApi>(settings)
            .ConfigureHttpClient(http => http.BaseAddress = server.BaseAddress)
            .ConfigurePrimaryHttpMessageHandler(Primary);
        if (LimitHandler)
        {
            builder.AddHttpMessageHandler(() => new ResponseSizeLimitHandler(Limit));
        }

        builder.AddHttpMessageHandler(server.CreateProtocolHandler);
        builder.AddHttpMessageHandler(() => new ReceivedSignalHandler());
        var provider = services.BuildServiceProvider();
        return new FaultClient(provider.GetRequiredService<IFaultApi>(), provider);
    }

    public override string ToString() => $"{Protocol} {Kind} {Serializer}{(LimitHandler ? " +limit" : "")}";

    private static SocketsHttpHandler Primary() => new() { AutomaticDecompression = System.Net.DecompressionMethods.All };
}

internal sealed record FaultClient(IFaultApi Api, ServiceProvider? Provider) : IAsyncDisposable
{
    public ValueTask DisposeAsync() => Provider?.DisposeAsync() ?? ValueTask.CompletedTask;
}
