using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Lines;

/// <summary>One call of the suite, made through a real generated client; it returns the canonical string of what the caller got.</summary>
internal sealed record LineCall(string Name, Func<LineRun, Task<string>> Run)
{
    private static readonly LineOrder s_sample = new(3, "Ada", LineTier.GoldPlus, null, 12.50m, null, "vip", [new("a", 2)]);

    private static readonly LineOrder s_nulls = new(4, null, LineTier.Basic, null, 0m, null, null, null);

    private static readonly LineFilter s_filter = new() { Text = "a b", Tier = LineTier.GoldPlus, PerPage = 20 };

    private static readonly LineForm s_form = new() { Sku = "s-1", Quantity = 2, Tier = LineTier.GoldPlus, Both = "b" };

    /// <summary>Exactly 31 calls; the body modes run over HTTP/1.1 and h2c.</summary>
    public static IReadOnlyList<LineCall> All { get; } =
    [
        .. BodyModes("body-default", null, async (api, order) => await api.Echo(order)),
        .. BodyModes("body-settings-buffered", s => s.Buffered = true, async (api, order) => await api.Echo(order)),
        .. BodyModes("body-attribute-buffered", null, async (api, order) => await api.EchoBuffered(order)),
        .. BodyModes("body-mode-buffered", s => s.RequestBodySerialization = RequestBodySerializationMode.Buffered, async (api, order) => await api.Echo(order)),
        .. BodyModes("body-mode-streamed", s => s.RequestBodySerialization = RequestBodySerializationMode.Streamed, async (api, order) => await api.Echo(order)),
        .. BodyModes("jsontypeinfo-parameters", null, async (api, order) => await api.Typed(order, LineContext.Default.LineOrder, LineContext.Default.LineQuote)),
        new("form-urlencoded-object", run => run.Value(async () => { await run.Api().Form(s_form); return "sent"; })),
        new("query-converter-object", run => run.Value(async () =>
        {
            await (run.Side == Side.RefitStj ? run.Api().QueryStj(s_filter) : run.Api().QueryRefit(s_filter));
            return "sent";
        })),
        new("stream-json-array", run => run.Value(() => Collect(run.Api().Stream("array")))),
        new("stream-json-lines", run => run.Value(() => Collect(run.Api().Stream("lines")))),
        new("stream-server-sent-events", run => run.Value(() => Collect(run.Api().Stream("events")))),
        new("problem-json-error", run => run.Value(async () => await run.Api().Problem())),
        new("di-client", run => run.Value(() => FromContainer(run))),
        new("response-size-limit-handler", run => run.Value(async () =>
            await run.Api(handler: new ResponseSizeLimitHandler(64 * 1024, new SocketsHttpHandler())).Order("order"))),
        new("enum-names-reply", run => run.Value(async () => await run.Api().Enums("enum-names"))),
        new("enum-numbers-reply", run => run.Value(async () => await run.Api().Enums("enum-numbers"))),
        new("object-values-reply", run => run.Value(async () => await run.Api().Bags("objects"))),
        new("numbers-as-strings-reply", run => run.Value(async () => await run.Api().Quote("strings-numbers"))),
        new("nulls-reply", run => run.Value(async () => await run.Api().Order("nulls"))),
        new("nulls-body", run => run.Value(async () => await run.Api().Echo(s_nulls))),
        new("polymorphic-body", run => run.Value(async () => await run.Api().Shape(new LineCircle("c", 1.5)))),
        new("interface-body", run => run.Value(async () => await run.Api().Interface(new LineSquare("sq", 2)))),
        new("interface-body-streamed", run => run.Value(async () =>
            await run.Api(configure: s => s.RequestBodySerialization = RequestBodySerializationMode.Streamed).Interface(new LineSquare("sq", 2)))),
        new("object-declared-body", run => run.Value(async () => await run.Api().Untyped(new LineItem("o", 1)))),
        new("api-response", run => run.Value(async () =>
        {
            using var response = await run.Api().OrderResponse("order");
            return new { Status = (int?)response.StatusCode, response.Content, Error = response.Error?.GetType().Name };
        })),
    ];

    public override string ToString() => Name;

    private static IEnumerable<LineCall> BodyModes(string name, Action<RefitSettings>? configure, Func<ILineApi, LineOrder, Task<object?>> call) =>
    [
        new(name + "-http1", run => run.Value(() => call(run.Api(configure: configure), s_sample))),
        new(name + "-h2c", run => run.Value(() => call(run.Api(h2c: true, configure: configure), s_sample))),
    ];

    private static async Task<object?> Collect(IAsyncEnumerable<LineItem> items)
    {
        var list = new List<LineItem>();
        await foreach (var item in items)
        {
            list.Add(item);
        }

        return list;
    }

    private static async Task<object?> FromContainer(LineRun run)
    {
        var services = new ServiceCollection();
        services.AddRefitGeneratedClient<ILineApi>(run.Settings())
            .ConfigureHttpClient(client => client.BaseAddress = run.Server.Http1.BaseAddress);
        await using var provider = services.BuildServiceProvider();
        return await provider.GetRequiredService<ILineApi>().Order("order");
    }
}

/// <summary>One side of one pairing making a call against the class's servers.</summary>
internal sealed record LineRun(LineServer Server, Pairing Pairing, Side Side)
{
    public RefitSettings Settings(Action<RefitSettings>? configure = null)
    {
        var settings = Pairing.Settings(Side);
        configure?.Invoke(settings);
        return settings;
    }

    public ILineApi Api(bool h2c = false, Action<RefitSettings>? configure = null, HttpMessageHandler? handler = null) =>
        RestService.ForGenerated<ILineApi>((h2c ? Server.H2c : Server.Http1).CreateClient(handler), Settings(configure));

    public Task<string> Value(Func<Task<object?>> call) => Canonical.Outcome(call);
}
