namespace RefitStj.Tests.Suites.Lines;

/// <summary>What one side of a call sent (as the server saw it) and what its caller got.</summary>
internal sealed record Observed(string Request, string Value);

/// <summary>A call on which RefitStj is known to differ from Refit's serializer on the loaded line: both sides pinned exactly.</summary>
internal sealed record KnownDifference(string Call, string Pairing, string Why, Observed Refit, Observed RefitStj);

/// <summary>The documented differences (docs/compatibility.md, "Known differences") as this suite meets them, per Refit line.</summary>
internal static class KnownLineDifferences
{
    private const string InterfacePost = "POST /echo/interface | application/json; charset=utf-8 | transfer-encoding: chunked | ";

    public static IReadOnlyList<KnownDifference> ForLoadedLine { get; } =
    [
        .. InterfaceBodyStreamed("defaults"),
        .. InterfaceBodyStreamed("context"),
        .. InterfaceBodyStreamed("refit-options"),
#if REFIT17
        .. WrappedReadError("enum-names-reply", "defaults", "/reply/enum-names", string.Empty),
        .. WrappedReadError("enum-names-reply", "refit-options", "/reply/enum-names", string.Empty),
        .. WrappedReadError("numbers-as-strings-reply", "defaults", "/reply/strings-numbers", " <- InvalidOperationException"),
        .. WrappedReadError("numbers-as-strings-reply", "refit-options", "/reply/strings-numbers", " <- InvalidOperationException"),
#else
        // 16.x asks the serializer for problem details; Refit's over a context has no reflection to build them.
        new(
            "problem-json-error",
            "context",
            "problem+json over a context: ValidationApiException with the ProblemDetails (Refit's: a plain ApiException)",
            new("GET /problem | (no type) | no length | ", "throws ApiException 400"),
            new("GET /problem | (no type) | no length | ", "throws ValidationApiException 400 " + Problem)),
#endif
    ];

    private const string Problem =
        """{"clr":"ProblemDetails","value":{"Errors":{"name":["required"]},"Type":"https://example.test/validation","Title":"Invalid","Status":400,"Detail":"Name is required","Instance":"/problem"}}""";

    public static KnownDifference? Find(string call, string pairing) =>
        ForLoadedLine.SingleOrDefault(known => known.Call == call && known.Pairing == pairing);

    /// <summary>
    /// Refit 17's defaults read neither string enums nor numbers in strings: both throw the same ApiException with a
    /// JsonException inside, RefitStj's carrying System.Text.Json's as its inner to name the body's path and an excerpt.
    /// </summary>
    private static KnownDifference[] WrappedReadError(string call, string pairing, string path, string cause) =>
    [
        new(
            call,
            pairing,
            "both throw ApiException <- JsonException; RefitStj's JsonException (path and excerpt) wraps System.Text.Json's",
            new($"GET {path} | (no type) | no length | ", "throws ApiException 200 <- JsonException" + cause),
            new($"GET {path} | (no type) | no length | ", "throws ApiException 200 <- JsonException <- JsonException" + cause)),
    ];

    /// <summary>An interface body without polymorphism metadata in the Streamed mode: Refit writes the declared type's members only.</summary>
    private static KnownDifference[] InterfaceBodyStreamed(string pairing) =>
    [
        new(
            "interface-body-streamed",
            pairing,
            "interface body, Streamed mode: RefitStj writes the runtime type (Refit's: the interface's members only)",
            new(InterfacePost + """{"label":"sq"}""", """{"clr":"LineSquare","value":{"Label":"sq","Side":0}}"""),
            new(InterfacePost + """{"label":"sq","side":2}""", """{"clr":"LineSquare","value":{"Label":"sq","Side":2}}""")),
    ];
}
