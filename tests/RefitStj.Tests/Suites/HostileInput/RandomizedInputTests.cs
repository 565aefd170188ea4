using System.Text;
using System.Text.Json;
using RefitStj.Benchmarks.Data;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Suites.HostileInput;

/// <summary>
/// Seeded, repeatable randomized robustness tests: mutated payloads end in a value or a JsonException, and random
/// object graphs survive a write and a read unchanged. Parity/ compares the same kind of input with Refit's serializer.
/// </summary>
public sealed class RandomizedInputTests
{
    private readonly StjContentSerializer _serializer = new();

    public static TheoryData<int> Seeds => new() { 1, 2, 3 };

    [Theory]
    [MemberData(nameof(Seeds))]
    public async Task Mutated_Payloads_End_In_A_Value_Or_JsonException(int seed)
    {
        var random = new Random(seed);
        var seeds = new (byte[] Json, Func<byte[], Task> Read)[]
        {
            (Json<LoginViewModel>(), b => _serializer.FromHttpContentAsync<LoginViewModel>(new ByteArrayContent(b))),
            (Json<Location>(), b => _serializer.FromHttpContentAsync<Location>(new StreamContent(new TrickleStream(b, 64)))),
            (Json<Organization>(), b => _serializer.FromHttpContentAsync<Organization>(new ByteArrayContent(b))),
            (JsonSerializer.SerializeToUtf8Bytes(Bodies.SampleOrder(), _serializer.Options), b => _serializer.FromHttpContentAsync<Order>(new ByteArrayContent(b))),
        };
        int values = 0, jsonErrors = 0;

        for (var i = 0; i < 1500; i++)
        {
            var (json, read) = seeds[i % seeds.Length];
            var mutated = Mutate(json, random);
            try
            {
                await read(mutated);
                values++;
            }
            catch (JsonException)
            {
                jsonErrors++;
            }
            catch (Exception ex)
            {
                Assert.Fail($"Case {i} (seed {seed}) threw {ex.GetType()}: {ex.Message}\nBody: {Encoding.UTF8.GetString(mutated)}");
            }
        }

        // Both outcomes must actually occur, or the mutations are too weak (or too strong) to test anything.
        Assert.True(values > 50 && jsonErrors > 50, $"{values} values, {jsonErrors} JSON errors");
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public async Task Random_Object_Graphs_Round_Trip_Unchanged(int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < 300; i++)
        {
            var order = RandomOrder(random);

            using var content = _serializer.ToHttpContent(order);
            var bytes = await content.ReadAsByteArrayAsync();
            var back = await _serializer.FromHttpContentAsync<Order>(new ByteArrayContent(bytes));

            Assert.Equal(order.Id, back!.Id);
            Assert.Equal(order.CustomerName, back.CustomerName);
            Assert.Equal(order.Status, back.Status);
            Assert.Equal(order.PreviousStatus, back.PreviousStatus);
            Assert.Equal(order.Total, back.Total);
            Assert.Equal(order.PlacedAt, back.PlacedAt);
            Assert.Equal(order.CountsByStatus, back.CountsByStatus);
            Assert.Equal(order.Grid, back.Grid);
            Assert.Equal(order.Sku, back.Sku);

            // The whole graph, object member included, writes back to the same bytes.
            using var again = _serializer.ToHttpContent(back);
            Assert.Equal(bytes, await again.ReadAsByteArrayAsync());
        }
    }

    private byte[] Json<T>() => JsonSerializer.SerializeToUtf8Bytes((T)DataGenerator.Create(typeof(T)), _serializer.Options);

    private static byte[] Mutate(byte[] json, Random random)
    {
        var bytes = new List<byte>(json);
        for (var edits = random.Next(1, 4); edits > 0 && bytes.Count > 0; edits--)
        {
            var at = random.Next(bytes.Count);
            switch (random.Next(4))
            {
                case 0:
                    bytes[at] ^= (byte)(1 << random.Next(8));
                    break;
                case 1:
                    bytes.RemoveAt(at);
                    break;
                case 2:
                    bytes.Insert(at, (byte)random.Next(256));
                    break;
                default:
                    // Structural characters make the interesting failures: wrong tokens, unbalanced nesting.
                    bytes.Insert(at, "{}[]\",:0-.eEtn\\"u8[random.Next(15)]);
                    break;
            }
        }

        return [.. bytes];
    }

    private static Order RandomOrder(Random random) => new()
    {
        Id = random.Next(int.MinValue, int.MaxValue),
        CustomerName = random.Next(5) == 0 ? null : RandomString(random),
        Status = (OrderStatus)random.Next(5),
        PreviousStatus = random.Next(3) == 0 ? null : (OrderStatus)random.Next(4),
        Quantity = random.Next(3) == 0 ? null : random.Next(),
        Total = new decimal(random.NextDouble() * 1e6) * (random.Next(2) == 0 ? 1 : -1),
        PlacedAt = new DateTimeOffset(random.NextInt64(DateTime.MinValue.Ticks + TimeSpan.TicksPerDay, DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay), TimeSpan.FromMinutes(random.Next(-14 * 60, 14 * 60))),
        CountsByStatus = Enumerable.Range(0, random.Next(5)).ToDictionary(i => (OrderStatus)i, _ => random.Next()),
        Grid = Enumerable.Range(0, random.Next(4)).Select(_ => Enumerable.Range(0, random.Next(4)).Select(_ => random.Next()).ToList()).ToList(),
        Extra = random.Next(4) switch
        {
            0 => null,
            1 => new Person(RandomString(random), random.Next()),
            2 => random.Next(),
            _ => RandomString(random),
        },
        Sku = RandomString(random),
        Permissions = (Permissions)random.Next(4),
    };

    private static string RandomString(Random random)
    {
        var builder = new StringBuilder();
        for (var i = random.Next(12); i > 0; i--)
        {
            switch (random.Next(5))
            {
                case 0:
                    builder.Append((char)random.Next(0, 0x20)); // control characters, escaped on the wire
                    break;
                case 1:
                    builder.Append(char.ConvertFromUtf32(random.Next(0x1F600, 0x1F64F))); // surrogate pairs
                    break;
                case 2:
                    builder.Append("\"\\/<>&'"[random.Next(7)]);
                    break;
                case 3:
                    builder.Append((char)random.Next(0xA0, 0xD7FF));
                    break;
                default:
                    builder.Append((char)random.Next('a', 'z' + 1));
                    break;
            }
        }

        return builder.ToString();
    }
}
