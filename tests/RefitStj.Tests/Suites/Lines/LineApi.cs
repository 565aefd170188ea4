using System.Text.Json.Serialization.Metadata;
using Refit;

namespace RefitStj.Tests.Suites.Lines;

// Refit's source generator implements this interface on every line, so it and every type it names are public.

/// <summary>The calls of the line parity suite: body calls echo the request body back, reply calls get a canned reply.</summary>
public interface ILineApi
{
    [Post("/echo/order")]
    Task<LineOrder?> Echo([Body] LineOrder order);

    [Post("/echo/order-buffered")]
    Task<LineOrder?> EchoBuffered([Body(buffered: true)] LineOrder order);

    [Post("/reply/quote")]
    Task<LineQuote?> Typed([Body] LineOrder order, JsonTypeInfo<LineOrder> body, JsonTypeInfo<LineQuote> reply);

    [Post("/form")]
    Task Form([Body(BodySerializationMethod.UrlEncoded)] LineForm form);

    [Get("/query")]
    Task QueryStj([Query][QueryConverter(typeof(StjQueryConverter<LineFilter>))] LineFilter filter);

    [Get("/query")]
    Task QueryRefit([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<LineFilter>))] LineFilter filter);

    [Get("/stream/{format}")]
    IAsyncEnumerable<LineItem> Stream(string format, CancellationToken cancellationToken = default);

    [Get("/problem")]
    Task<LineOrder?> Problem();

    [Get("/reply/{name}")]
    Task<LineOrder?> Order(string name);

    [Get("/reply/{name}")]
    Task<ApiResponse<LineOrder>> OrderResponse(string name);

    [Get("/reply/{name}")]
    Task<LineEnums?> Enums(string name);

    [Get("/reply/{name}")]
    Task<List<LineBag>?> Bags(string name);

    [Get("/reply/{name}")]
    Task<LineQuote?> Quote(string name);

    [Post("/echo/shape")]
    Task<LineShape?> Shape([Body] LineShape shape);

    [Post("/echo/interface")]
    Task<LineSquare?> Interface([Body] ILineShape shape);

    [Post("/echo/object")]
    Task<LineItem?> Untyped([Body] object body);
}
