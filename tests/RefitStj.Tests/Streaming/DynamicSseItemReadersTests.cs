using System.Net.ServerSentEvents;
using RefitStj.Streaming;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Streaming;

public sealed class DynamicSseItemReadersTests
{
    private readonly DynamicSseItemReaders _readers = new();

    [Fact]
    public void Builds_The_SseItemConverter_Of_The_Items_Data_Type()
    {
        Assert.IsType<SseItemConverter<Tick>>(_readers.Create<SseItem<Tick>>());
        Assert.IsType<SseItemConverter<string>>(_readers.Create<SseItem<string>>());
    }

    [Fact]
    public void Builds_Each_Reader_Once()
    {
        Assert.Same(_readers.Create<SseItem<Tick>>(), _readers.Create<SseItem<Tick>>());
        Assert.NotSame(new DynamicSseItemReaders().Create<SseItem<Tick>>(), _readers.Create<SseItem<Tick>>());
    }
}
