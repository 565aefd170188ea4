using System.Text;
using System.Text.Json;
using Refit;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>Bodies that arrive badly: a byte at a time, cut short, or cancelled at an arbitrary point.</summary>
public sealed class FaultTests
{
    private static readonly byte[] s_people = Encoding.UTF8.GetBytes(
        JsonSerializer.Serialize(Enumerable.Range(0, 200).Select(i => new Person("person " + i, i)).ToList(), StjContentSerializer.CreateDefaultOptions()));

    private readonly StjContentSerializer _serializer = new();

    [Fact]
    public async Task A_Body_Arriving_One_Byte_Per_Read_Is_Read_Whole_On_Every_Path()
    {
        var people = await _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people, chunk: 1)));
        Assert.Equal(200, people!.Count);

        foreach (var (format, body) in new[]
        {
            (StreamingContentFormat.JsonArray, "[{\"id\":1},{\"id\":2}]"),
            (StreamingContentFormat.JsonLines, "{\"id\":1}\r\n{\"id\":2}"),
            (StreamingContentFormat.ServerSentEvents, "data: {\"id\":1}\n\ndata: {\"id\":2}\n\n"),
        })
        {
            var ids = new List<int>();
            await foreach (var tick in _serializer.DeserializeStreamAsync<Tick>(new TrickleStream(Encoding.UTF8.GetBytes(body), chunk: 1), format))
            {
                ids.Add(tick!.Id);
            }

            Assert.Equal([1, 2], ids);
        }
    }

    [Fact]
    public async Task A_Body_That_Ends_Early_Gives_JsonException()
    {
        await Assert.ThrowsAsync<JsonException>(() => _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(new TrickleStream(s_people[..(s_people.Length / 2)], chunk: 13))));
    }

    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    [InlineData(13)]
    public async Task Cancellation_At_Random_Points_Always_Gives_OperationCanceledException(int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < 40; i++)
        {
            using var cts = new CancellationTokenSource();
            var cancelAt = random.Next(1, s_people.Length / 16);
            var stream = new CancelAfterReadsStream(s_people, chunk: 16, cts, cancelAt);

            var ex = await Record.ExceptionAsync(() => _serializer.FromHttpContentAsync<List<Person>>(new StreamContent(stream), cts.Token));

            Assert.IsAssignableFrom<OperationCanceledException>(ex);
        }
    }

    [Theory]
    [InlineData(StreamingContentFormat.JsonArray)]
    [InlineData(StreamingContentFormat.JsonLines)]
    [InlineData(StreamingContentFormat.ServerSentEvents)]
    public async Task Streams_Cancelled_At_Random_Points_Always_Give_OperationCanceledException(StreamingContentFormat format)
    {
        var random = new Random((int)format);
        var body = Encoding.UTF8.GetBytes(format switch
        {
            StreamingContentFormat.JsonArray => "[" + string.Join(",", Enumerable.Range(0, 300).Select(i => $"{{\"id\":{i}}}")) + "]",
            StreamingContentFormat.JsonLines => string.Concat(Enumerable.Range(0, 300).Select(i => $"{{\"id\":{i}}}\n")),
            _ => string.Concat(Enumerable.Range(0, 300).Select(i => $"data: {{\"id\":{i}}}\n\n")),
        });
        for (var i = 0; i < 30; i++)
        {
            using var cts = new CancellationTokenSource();
            var stream = new CancelAfterReadsStream(body, chunk: 8, cts, random.Next(1, body.Length / 8));

            var ex = await Record.ExceptionAsync(async () =>
            {
                await foreach (var _ in _serializer.DeserializeStreamAsync<Tick>(stream, format, cts.Token))
                {
                }
            });

            Assert.IsAssignableFrom<OperationCanceledException>(ex);
        }
    }
}
