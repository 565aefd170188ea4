using System.Text;
using RefitStj.Benchmarks.Benchmarks;
using RefitStj.Benchmarks.Checks;
using RefitStj.Benchmarks.Data;
using RefitStj.Benchmarks.Infrastructure;

namespace RefitStj.Benchmarks.Tests;

/// <summary>The checks themselves: a benchmark that does the wrong work must fail them.</summary>
public class CheckTests
{
    // The rows of the read and write levels that both broken classes below must fail.
    public static TheoryData<string> SerializerRows() =>
    [
        "RefitBuiltIn",
        "RefitStj",
        "Newtonsoft",
        "RefitBuiltInByHand",
        "RefitFastPath",
    ];

    [Theory]
    [MemberData(nameof(SerializerRows))]
    public Task A_read_that_returns_another_value_fails(string method) => AssertCheckFails(typeof(WrongBodyReadBenchmarks), method);

    [Theory]
    [MemberData(nameof(SerializerRows))]
    public Task A_write_that_loses_bytes_fails(string method) => AssertCheckFails(typeof(TruncatingWriteBenchmarks), method);

    [Theory]
    [InlineData("FloorSourceGen")]
    [InlineData("ContentOnly")]
    [InlineData("FloorPlusContentOnly")]
    [InlineData("FloorPlusContentOnlyBuffered")]
    [InlineData("RefitStjSourceGen")]
    public async Task A_write_overhead_row_that_wrote_nothing_or_reports_another_length_fails(string method)
    {
        var benchmark = new WriteOverheadBenchmarks<Organization>();
        benchmark.GlobalSetup();
        try
        {
            var length = (long)Payloads.Get<Organization>().Json.Length;

            // Nothing written yet: the right length alone must not pass.
            Assert.Throws<BenchmarkCheckException>(() => benchmark.Check(method, length));

            var result = method switch
            {
                "FloorSourceGen" => benchmark.FloorSourceGen(),
                "ContentOnly" => await benchmark.ContentOnly(),
                "FloorPlusContentOnly" => await benchmark.FloorPlusContentOnly(),
                "FloorPlusContentOnlyBuffered" => await benchmark.FloorPlusContentOnlyBuffered(),
                _ => await benchmark.RefitStjSourceGen(),
            };
            benchmark.Check(method, result);
            Assert.Throws<BenchmarkCheckException>(() => benchmark.Check(method, result - 1));
        }
        finally
        {
            benchmark.GlobalCleanup();
        }
    }

    [Theory]
    [InlineData("RefitBuiltIn")]
    [InlineData("RefitStj")]
    public async Task A_refit_client_round_trip_that_returns_another_value_or_sends_another_body_fails(string method)
    {
        var benchmark = new RefitClientPostBenchmarks();
        benchmark.GlobalSetup();
        try
        {
            // No request sent yet, so no body: even the right response value must not pass.
            Assert.Throws<BenchmarkCheckException>(() => benchmark.Check(method, Payloads.Get<Location>().Value));

            var result = method == "RefitBuiltIn" ? await benchmark.RefitBuiltIn() : await benchmark.RefitStj();
            benchmark.Check(method, result);
            Assert.Throws<BenchmarkCheckException>(() => benchmark.Check(method, new Location { Id = result.Id, City = "Elsewhere" }));
        }
        finally
        {
            benchmark.GlobalCleanup();
        }
    }

    [Fact]
    public void A_value_with_one_changed_field_is_not_the_payload()
    {
        var payload = Payloads.Get<Location>();
        var changed = new Location
        {
            Id = payload.Value.Id,
            Address1 = payload.Value.Address1,
            Address2 = payload.Value.Address2,
            City = payload.Value.City,
            State = payload.Value.State,
            PostalCode = payload.Value.PostalCode,
            Name = payload.Value.Name,
            PhoneNumber = payload.Value.PhoneNumber,
            Country = payload.Value.Country + "!",
        };

        Verify.SameValue(payload.Value, payload, "itself");
        Assert.Throws<BenchmarkCheckException>(() => Verify.SameValue(changed, payload, "changed"));
        Assert.Throws<BenchmarkCheckException>(() => Verify.SameValue(null, payload, "null"));
    }

    [Fact]
    public void A_reused_parsing_stream_reports_nothing_after_reset_until_it_parses_again()
    {
        var payload = Payloads.Get<Location>();
        using var floor = new FloorSerializer<Location>();
        using var sink = new ParsingStream<Location>(floor);

        sink.Write(payload.Json, 0, payload.Json.Length);
        Verify.SameValue(sink.Result, payload, "first parse");

        // A row that reuses the stream must not pass its check on the previous call's value.
        sink.Reset();
        Assert.Throws<BenchmarkCheckException>(() => Verify.SameValue(sink.Result, payload, "after reset"));
    }

    private static async Task AssertCheckFails(Type benchmarkType, string method)
    {
        var benchmark = BenchmarkCases.For(benchmarkType).Single(candidate => candidate.Method.Name == method);

        await Assert.ThrowsAsync<BenchmarkCheckException>(benchmark.RunAsync);
    }

    // Not benchmark classes of the suite (they live here): each breaks one thing the checks must notice.
    public class WrongBodyReadBenchmarks : ReadBenchmarks<Location>
    {
        protected override HttpContent CreateContent() => Shared.JsonContent(Encoding.UTF8.GetBytes("{\"id\":1,\"city\":\"Elsewhere\"}"));
    }

    public class TruncatingWriteBenchmarks : WriteBenchmarks<Location>, IDisposable
    {
        private readonly MemoryStream _target = new();

        public void Dispose() => _target.Dispose();

        protected override ReadOnlyMemory<byte> LastWritten => _target.GetBuffer().AsMemory(0, (int)_target.Length);

        protected override async Task<long> ConsumeAsync(HttpContent content)
        {
            _target.SetLength(0);
            await content.CopyToAsync(_target);
            _target.SetLength(_target.Length - 1);
            return _target.Length;
        }
    }
}
