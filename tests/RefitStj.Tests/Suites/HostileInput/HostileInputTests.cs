using System.Text;
using System.Text.Json;
using RefitStj.Benchmarks.Data;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.HostileInput;

/// <summary>Every bad body ends in a documented exception, never another type, a hang or a crash.</summary>
public sealed class HostileInputTests
{
    private static readonly JsonSerializerOptions s_defaults = new StjContentSerializer().Options;

    private readonly StjContentSerializer _serializer = new();

    public static TheoryData<Type> PayloadTypes => new()
    {
        typeof(LoginViewModel), typeof(Location), typeof(Organization), typeof(IndexViewModel),
        typeof(CollectionsOfPrimitives), typeof(MyEventsListerViewModel), typeof(List<RefitStj.Benchmarks.Data.Repository>),
    };

    private static byte[] PayloadJson(Type type) => JsonSerializer.SerializeToUtf8Bytes(DataGenerator.Create(type), type, s_defaults);

    private Task<object?> Read(Type type, byte[] body, int length) =>
        (Task<object?>)typeof(HostileInputTests).GetMethod(nameof(ReadAs), System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!
            .MakeGenericMethod(type).Invoke(this, [body, length])!;

    private async Task<object?> ReadAs<T>(byte[] body, int length)
    {
        using var content = new ByteArrayContent(body, 0, length);
        return await _serializer.FromHttpContentAsync<T>(content);
    }

    [Theory]
    [MemberData(nameof(PayloadTypes))]
    public async Task Truncations_Of_Every_Payload_Give_JsonException(Type type)
    {
        var json = PayloadJson(type);
        Assert.NotNull(await Read(type, json, json.Length));

        // Every proper prefix of an object or array is incomplete JSON; the empty prefix holds no value, also an error.
        await Assert.ThrowsAsync<JsonException>(() => Read(type, json, 0));
        var failures = 0;
        var lengths = TruncationLengths(json.Length).ToList();
        foreach (var length in lengths)
        {
            try
            {
                await Read(type, json, length);
            }
            catch (System.Reflection.TargetInvocationException ex) when (ex.InnerException is JsonException)
            {
                failures++;
            }
            catch (JsonException)
            {
                failures++;
            }
        }

        Assert.Equal(lengths.Count, failures);
    }

    /// <summary>
    /// Every offset up to 16 KB. Parsing every prefix costs the square of the size (the 170 KB list alone is 14 GB of
    /// parsing), so larger bodies are cut at every offset of their first and last 2 KB, where structure opens and
    /// closes, and at a prime stride between.
    /// </summary>
    private static IEnumerable<int> TruncationLengths(int size)
    {
        for (var length = 1; length < size; length++)
        {
            if (size <= 16 * 1024 || length <= 2048 || length >= size - 2048 || length % 61 == 0)
            {
                yield return length;
            }
        }
    }

    [Theory]
    [InlineData(new byte[] { (byte)'"', 0xC3, 0x28, (byte)'"' })]
    [InlineData(new byte[] { (byte)'"', 0xFF, (byte)'"' })]
    [InlineData(new byte[] { (byte)'"', 0xED, 0xA0, 0x80, (byte)'"' })]
    public async Task Invalid_Utf8_Gives_JsonException(byte[] name)
    {
        var body = Encoding.UTF8.GetBytes("{\"name\":").Concat(name).Concat(Encoding.UTF8.GetBytes(",\"age\":1}")).ToArray();

        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(new ByteArrayContent(body)));
    }

    [Theory]
    [InlineData("\"\\uD800\"")]
    [InlineData("\"\\uDC00x\"")]
    [InlineData("\"a\\uD83Db\"")]
    public async Task Lone_Surrogate_Escapes_Give_JsonException(string value)
    {
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(Bodies.Json($"{{\"name\":{value},\"age\":1}}")));
#if REFIT17
        // Refit 17's defaults read an object value as a JsonElement, which keeps the escape unread, as Refit's own serializer does.
        var ours = Assert.IsType<JsonElement>((await _serializer.FromHttpContentAsync<Envelope>(Bodies.Json($"{{\"payload\":{value}}}")))!.Payload);
        var refits = Assert.IsType<JsonElement>((await RefitControl.Serializer().FromHttpContentAsync<Envelope>(Bodies.Json($"{{\"payload\":{value}}}")))!.Payload);
        Assert.Equal((JsonValueKind.String, value), (ours.ValueKind, ours.GetRawText()));
        Assert.Equal((refits.ValueKind, refits.GetRawText()), (ours.ValueKind, ours.GetRawText()));
        Assert.Throws<InvalidOperationException>(() => ours.GetString());

        // Refit 16's wire (CreateRefit16Options) reads it as a string, so the lone surrogate fails there as on Refit 16.
        await Assert.ThrowsAsync<JsonException>(() => Refit16Wire.Serializer().FromHttpContentAsync<Envelope>(Bodies.Json($"{{\"payload\":{value}}}")));
#else
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Envelope>(Bodies.Json($"{{\"payload\":{value}}}")));
#endif
    }

    [Theory]
    [InlineData("{\"name\":\"a\",\"age\":1} x")]
    [InlineData("{\"name\":\"a\",\"age\":1}{}")]
    [InlineData("{\"name\":\"a\",\"age\":99999999999}")]
    [InlineData("{\"name\":\"a\",\"age\":1.5}")]
    [InlineData("{\"name\":\"a\",\"age\":\"old\"}")]
    [InlineData("{\"name\":5,\"age\":1}")]
    [InlineData("{\"name\":\"a\",\"age\":[1]}")]
    [InlineData("[1,2,3]")]
    [InlineData("\"just a string\"")]
    [InlineData("{\"name\":\"a\" /* comment */,\"age\":1}")]
    [InlineData("{\"name\":\"a\",\"age\":1,}")]
#if NET10_0_OR_GREATER
    [InlineData("{\"name\":\"a\",\"name\":\"b\",\"age\":1}")]
#endif
    [InlineData("<html><body>502 Bad Gateway</body></html>")]
    [InlineData("{'name':'a'}")]
    [InlineData("NaN")]
    public async Task Malformed_Or_Wrong_Shape_Bodies_Give_JsonException(string body)
    {
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(Bodies.Json(body)));
        Assert.Throws<JsonException>(() => _serializer.DeserializeFromString<Person>(body));
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Person>(Bodies.Streamed(Encoding.UTF8.GetBytes(body))));
    }

    [Fact]
    public void Comments_Trailing_Commas_And_Duplicates_Follow_The_Options()
    {
        var lenient = new StjContentSerializer(new JsonSerializerOptions(s_defaults)
        {
            ReadCommentHandling = JsonCommentHandling.Skip,
            AllowTrailingCommas = true,
#if NET10_0_OR_GREATER
            AllowDuplicateProperties = true,
#endif
        });

        var person = lenient.DeserializeFromString<Person>("{\"name\":\"a\" /* c */, \"name\":\"b\", \"age\":1,}");

        Assert.Equal(new Person("b", 1), person);
    }

    [Theory]
    [InlineData("[", "]")]
    [InlineData("{\"a\":", "}")]
    public async Task Nesting_100000_Deep_Gives_JsonException_Not_A_Stack_Overflow(string open, string close)
    {
        var body = string.Concat(Enumerable.Repeat(open, 100_000)) + "1" + string.Concat(Enumerable.Repeat(close, 100_000));

        var ex = await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<Envelope>(Bodies.Json($"{{\"payload\":{body}}}")));
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<object>(Bodies.Streamed(Encoding.UTF8.GetBytes(body))));
        Assert.Contains("depth", ex.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public async Task Type_Names_In_The_Body_Do_Not_Choose_Types()
    {
        var envelope = await _serializer.FromHttpContentAsync<Envelope>(Bodies.Json("""{"payload":{"$type":"System.Diagnostics.Process, System","StartInfo":{"FileName":"sh"}}}"""));

        var payload = Assert.IsType<JsonElement>(envelope!.Payload);
        Assert.Equal("System.Diagnostics.Process, System", payload.GetProperty("$type").GetString());
    }

    // Messages end up in logs: they quote the offending token, shortened to 40 characters, and nothing else of the body.
    [Theory]
    [InlineData("{\"name\":\"sk-live-SECRET\",\"age\":\"x\"}")]
    [InlineData("{\"name\":\"sk-live-SECRET\" oops}")]
    [InlineData("{\"status\":\"sk-live-SECRET\"}")]
    public async Task Errors_Do_Not_Echo_The_Body(string body)
    {
        var secret = "sk-live-" + new string('S', 100);
        body = body.Replace("sk-live-SECRET", secret, StringComparison.Ordinal);

        var ex = await Assert.ThrowsAnyAsync<JsonException>(async () =>
        {
            await _serializer.FromHttpContentAsync<Person>(Bodies.Json(body));
            await _serializer.FromHttpContentAsync<Order>(Bodies.Json(body));
        });

        Assert.DoesNotContain(secret[..40], ex.ToString(), StringComparison.Ordinal);
    }
}
