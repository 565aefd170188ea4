using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Collector = RefitStj.Reading.BodyCollector<RefitStj.Tests.Support.Person>;
using RefitStj.Reading;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Reading;

[Collection(nameof(BufferPoolIsolation))]
public sealed class BodyCollectorTests
{
    private static readonly JsonTypeInfo<Person> s_person = (JsonTypeInfo<Person>)new StjContentSerializer().Options.GetTypeInfo(typeof(Person));
    private static readonly JsonTypeInfo<List<Person>> s_people = (JsonTypeInfo<List<Person>>)new StjContentSerializer().Options.GetTypeInfo(typeof(List<Person>));
    private static readonly JsonTypeInfo<int> s_int = (JsonTypeInfo<int>)new StjContentSerializer().Options.GetTypeInfo(typeof(int));

    [Fact]
    public void Is_A_Write_Only_Stream_Without_Length_Position_Or_Seek()
    {
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: -1);
        try
        {
            Assert.False(collector.CanRead);
            Assert.False(collector.CanSeek);
            Assert.True(collector.CanWrite);
            Assert.Throws<NotSupportedException>(() => collector.Read(new byte[1], 0, 1));
            Assert.Throws<NotSupportedException>(() => collector.Length);
            Assert.Throws<NotSupportedException>(() => collector.Position);
            Assert.Throws<NotSupportedException>(() => collector.Seek(0, SeekOrigin.Begin));
        }
        finally
        {
            collector.Dispose();
        }
    }

    [Fact]
    public void First_Write_Rents_Just_The_Body_And_Filling_That_Array_To_Its_Last_Byte_Rents_Nothing_More()
    {
        using var pool = new CountingPool();
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: -1);

        collector.Write(Bytes(100, seed: 1));
        Assert.Equal((1, 100), (pool.Rented, pool.LastRequested));

        // The shared pool hands out 128 bytes for 100: the next 28 fit exactly.
        collector.Write(Bytes(28, seed: 2));
        Assert.Equal(1, pool.Rented);
        Assert.Equal(Bytes(100, seed: 1).Concat(Bytes(28, seed: 2)), collector.Written.ToArray());

        collector.Dispose();
        Assert.Equal((1, 1, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Body_In_Pieces_Grows_To_16_KiB_First_Then_Doubles_Keeping_Every_Byte()
    {
        using var pool = new CountingPool();
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: -1);
        byte[][] pieces = [Bytes(100, seed: 1), Bytes(100, seed: 2), Bytes(20_000, seed: 3)];

        collector.Write(pieces[0]);
        collector.Write(pieces[1]);
        Assert.Equal(16 * 1024, pool.LastRequested);

        collector.Write(pieces[2]);
        Assert.Equal(32 * 1024, pool.LastRequested);

        Assert.Equal(pieces.SelectMany(piece => piece), collector.Written.ToArray());
        collector.Dispose();
        Assert.Equal((3, 3, 0), (pool.Rented, pool.Returned, pool.BadReturns));
    }

    [Fact]
    public void A_Piece_Larger_Than_Double_The_Array_Gets_An_Array_Of_Its_Size()
    {
        Assert.Equal(50_000, Collector.NextSize(20_000, 50_000, wholeLength: -1));
        Assert.Equal(40_000, Collector.NextSize(20_000, 20_001, wholeLength: -1));
        Assert.Equal(777, Collector.NextSize(null, 777, wholeLength: -1));
    }

    [Fact]
    public void A_Body_Of_The_Most_One_Array_Holds_Is_Accepted_And_One_Byte_More_Is_Refused()
    {
        Assert.Equal(Array.MaxLength, Collector.NextSize(null, Array.MaxLength, wholeLength: -1));
        Assert.Equal(Array.MaxLength, Collector.NextSize(Array.MaxLength / 2 + 1, Array.MaxLength, wholeLength: -1));

        var ex = Assert.Throws<InvalidOperationException>(() => Collector.NextSize(1024, Array.MaxLength + 1L, wholeLength: -1));
        Assert.Contains(Array.MaxLength.ToString(CultureInfo.InvariantCulture), ex.Message, StringComparison.Ordinal);
        Assert.Contains("larger than", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_First_Write_Of_The_Whole_Length_Is_Read_While_It_Lasts_Renting_Nothing()
    {
        using var pool = new CountingPool();
        var json = """{"name":"a","age":1}"""u8.ToArray();
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: json.Length);

        collector.Write(json);

        // What lent memory may hold once the write has returned: a reader that kept it would read this.
        json.AsSpan().Fill(CountingPool.Poison);
        Assert.Equal(new Person("a", 1), collector.ReadValue());
        Assert.Equal(0, pool.Rented);
        collector.Dispose();
    }

    [Fact]
    public void After_A_Whole_Body_Whitespace_Changes_Nothing_And_Anything_Else_Is_Refused_Naming_The_Length()
    {
        using var pool = new CountingPool();
        var json = """{"name":"a","age":1}"""u8.ToArray();
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: json.Length);
        collector.Write(json);

        collector.Write(" \r\n\t"u8);
        collector.Write([]);
        Assert.Equal(0, pool.Rented);
        var ex = Assert.Throws<JsonException>(() => collector.Write("1"u8));

        Assert.Equal("The response body is not valid JSON, so it cannot be read as Person: more than whitespace follows the JSON value that ends at byte 20.", ex.Message);
        Assert.Equal(new Person("a", 1), collector.ReadValue());
        collector.Dispose();
    }

    [Fact]
    public void A_First_Write_Of_The_Expected_Length_That_Only_Starts_A_Longer_Body_Waits_For_The_Rest()
    {
        // A decoder that keeps the encoded length: the first write is that many bytes of a longer body.
        var json = """[{"name":"a","age":1},{"name":"b","age":2}]"""u8.ToArray();
        var collector = BodyCollector<List<Person>>.Rent(s_people, long.MaxValue, wholeLength: 20);

        collector.Write(json.AsSpan(0, 20));
        collector.Write(json.AsSpan(20));

        Assert.Equal([new Person("a", 1), new Person("b", 2)], collector.ReadValue());
        collector.Dispose();
    }

    [Fact]
    public void A_First_Write_Of_The_Expected_Length_That_Is_Not_Json_Fails_With_Its_Own_Error_When_Nothing_Follows()
    {
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: 20);

        collector.Write("""{"name":"a","age":x}"""u8);
        var ex = Assert.Throws<JsonException>(() => collector.ReadValue());

        Assert.Contains("is not valid JSON", ex.Message, StringComparison.Ordinal);
        Assert.Contains("byte 19", ex.Message, StringComparison.Ordinal);
        collector.Dispose();
    }

    [Fact]
    public void A_Top_Level_Number_Split_At_The_Expected_Length_Is_Read_Whole()
    {
        var collector = BodyCollector<int>.Rent(s_int, long.MaxValue, wholeLength: 2);

        collector.Write("12"u8);
        collector.Write("34"u8);

        Assert.Equal(1234, collector.ReadValue());
        collector.Dispose();
    }

    [Fact]
    public void A_Whole_Body_Over_The_Limit_Is_Refused_Unread()
    {
        var collector = Collector.Rent(s_person, limit: 10, wholeLength: 20);

        var ex = Assert.Throws<ResponseTooLargeException>(() => collector.Write("""{"name":"a","age":1}"""u8));

        Assert.Equal((10, 20), (ex.Limit, ex.Size));
        collector.Dispose();
    }

    [Fact]
    public void A_Declared_Length_Sizes_The_First_Array_Of_A_Body_In_Pieces()
    {
        using var pool = new CountingPool();
        var json = """{"name":"pieces","age":12}"""u8.ToArray();
        var collector = Collector.Rent(s_person, long.MaxValue, wholeLength: json.Length);

        collector.Write(json.AsSpan(0, 5));
        collector.Write(json.AsSpan(5));

        Assert.Equal((1, json.Length), (pool.Rented, pool.LastRequested));
        Assert.Equal(new Person("pieces", 12), collector.ReadValue());
        collector.Dispose();
        Assert.Equal(0, pool.Outstanding);
    }

    [Fact]
    public void A_Collector_Comes_Back_From_Its_Thread_With_Nothing_Of_The_Last_Body()
    {
        var json = """{"name":"a","age":1}"""u8.ToArray();
        var first = Collector.Rent(s_person, long.MaxValue, wholeLength: json.Length);
        first.Write(json);
        first.Dispose();

        var second = Collector.Rent(s_person, long.MaxValue, wholeLength: -1);

        Assert.Same(first, second);
        Assert.Contains("is empty", Assert.Throws<JsonException>(() => second.ReadValue()).Message, StringComparison.Ordinal);
        Assert.Equal(0, second.Written.Length);
        second.Dispose();
    }

    private static byte[] Bytes(int count, int seed) => Enumerable.Range(0, count).Select(i => (byte)(i * 7 + seed)).ToArray();
}
