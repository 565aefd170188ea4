using Refit;
using RefitStj.Tests.Suites.EndToEnd;
using RefitStj.Tests.Support;
using Xunit.Abstractions;

namespace RefitStj.Tests.Suites.Faults;

/// <summary>
/// Responses that fail on the wire, through real Refit clients over Kestrel: every read path ends in an exception, never
/// in a value, with RefitStj as with Refit's own serializer, with and without <see cref="ResponseSizeLimitHandler"/>;
/// the items a stream yielded before the fault are intact, and the same client serves the next call.
/// </summary>
public sealed class CutResponseTests(ITestOutputHelper output)
{
    private static readonly TimeSpan s_bound = TimeSpan.FromSeconds(20);

    public static TheoryData<ServerProtocol, ClientKind, SerializerKind, bool> Shapes() => FaultClientShape.All();

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Cut_Body_Read_As_A_Task_Is_An_Exception(ServerProtocol protocol, ClientKind kind, SerializerKind serializer, bool limitHandler)
    {
        await using var server = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, protocol);
        await using var client = new FaultClientShape(protocol, kind, serializer, limitHandler).Create(server);

        foreach (var fault in new[] { Fault.CutArray, Fault.ShortContentLength, Fault.CutGzip, Fault.TruncatedGzip })
        {
            var ex = await Record.ExceptionAsync(() => client.Api.Get(fault).WaitAsync(s_bound));
            var typed = await Record.ExceptionAsync(() => client.Api.GetTyped(fault, DropInJsonContext.Default.ListPerson).WaitAsync(s_bound));
            output.WriteLine($"{fault}: {FaultChain.Describe(ex)}");

            FaultChain.AssertTransportFault(fault, ex, limitHandler);
            FaultChain.AssertTransportFault(fault, typed, limitHandler);
            Assert.Equal(FaultyServer.Ok, await client.Api.Ok());
        }
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Cut_Body_Read_As_An_ApiResponse_Carries_The_Fault_As_Its_Error(ServerProtocol protocol, ClientKind kind, SerializerKind serializer, bool limitHandler)
    {
        await using var server = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, protocol);
        await using var client = new FaultClientShape(protocol, kind, serializer, limitHandler).Create(server);

        foreach (var fault in new[] { Fault.CutArray, Fault.ShortContentLength, Fault.CutGzip, Fault.TruncatedGzip })
        {
            using var response = await client.Api.GetResponse(fault).WaitAsync(s_bound);
            output.WriteLine($"{fault}: IsSuccessful={response.IsSuccessful} {FaultChain.Describe(response.Error)}");

            Assert.False(response.IsSuccessful);
            Assert.Null(response.Content);
            FaultChain.AssertTransportFault(fault, response.Error, limitHandler);
        }

        Assert.Equal(FaultyServer.Ok, await client.Api.Ok());
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Stream_Cut_After_Some_Items_Yields_Them_Intact_Then_Throws(ServerProtocol protocol, ClientKind kind, SerializerKind serializer, bool limitHandler)
    {
        await using var server = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, protocol);
        await using var client = new FaultClientShape(protocol, kind, serializer, limitHandler).Create(server);

        foreach (var fault in new[] { Fault.CutArrayStream, Fault.CutLines, Fault.CutEvents })
        {
            var items = new List<Person?>();
            var ex = await Record.ExceptionAsync(async () =>
            {
                await foreach (var item in client.Api.Stream(fault).WithCancellation(CancellationToken.None))
                {
                    items.Add(item);
                }
            }).WaitAsync(s_bound);
            output.WriteLine($"{fault}: {items.Count} items, then {FaultChain.Describe(ex)}");

            Assert.True(items.Count <= FaultyServer.ItemsBeforeCut);
            Assert.Equal(Enumerable.Range(0, items.Count).Select(i => new Person("person " + i, i)), items);
            FaultChain.AssertStreamFault(ex);
            Assert.Equal(FaultyServer.Ok, await client.Api.Ok());
        }
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Stalled_Stream_Ends_When_Its_Token_Is_Cancelled(ServerProtocol protocol, ClientKind kind, SerializerKind serializer, bool limitHandler)
    {
        await using var server = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, protocol);
        await using var client = new FaultClientShape(protocol, kind, serializer, limitHandler).Create(server);
        using var cts = new CancellationTokenSource();
        var items = 0;

        var ex = await Record.ExceptionAsync(async () =>
        {
            await foreach (var item in client.Api.Stream(Fault.Stall, cts.Token))
            {
                Assert.Equal(new Person("person " + items, items), item);
                if (++items == FaultyServer.ItemsBeforeCut / 2)
                {
                    // Items already read may still be yielded; the stall after the last one ends with the token.
                    await cts.CancelAsync();
                }
            }
        }).WaitAsync(s_bound);

        Assert.InRange(items, FaultyServer.ItemsBeforeCut / 2, FaultyServer.ItemsBeforeCut);
        Assert.IsAssignableFrom<OperationCanceledException>(ex);
        Assert.Equal(FaultyServer.Ok, await client.Api.Ok());
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public async Task A_Stream_Left_Early_Ends_Quietly_And_The_Client_Goes_On(ServerProtocol protocol, ClientKind kind, SerializerKind serializer, bool limitHandler)
    {
        await using var server = await LoopbackServer.StartAsync(FaultyServer.ServeAsync, protocol);
        await using var client = new FaultClientShape(protocol, kind, serializer, limitHandler).Create(server);
        var items = 0;

        await foreach (var item in client.Api.Stream(Fault.Stall).WithCancellation(CancellationToken.None))
        {
            Assert.Equal(new Person("person " + items, items), item);
            if (++items == 10)
            {
                break;
            }
        }

        Assert.Equal(10, items);
        Assert.Equal(FaultyServer.Ok, await client.Api.Ok().WaitAsync(s_bound));
    }
}
