using RefitStj.IO;
using RefitStj.Limits;


namespace RefitStj.Tests.Limits;

public sealed class ItemSizeLimitStreamTests
{
    [Fact]
    public void An_Item_Of_Exactly_The_Limit_Is_Read_And_One_Byte_More_Is_Refused_Naming_The_Item()
    {
        var exact = new ItemSizeLimitStream(new MemoryStream(new byte[10]), limit: 10, "An element");
        Assert.Equal(10, exact.Read(new byte[64]));
        Assert.Equal(0, exact.Read(new byte[64]));

        var over = new ItemSizeLimitStream(new MemoryStream(new byte[11]), limit: 10, "An element");
        var ex = Assert.Throws<ResponseTooLargeException>(() => over.Read(new byte[64]));
        Assert.Equal((10, 11), (ex.Limit, ex.Size));
        Assert.StartsWith("An element passed the limit of 10 bytes", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Each_Item_Done_Starts_The_Count_Again()
    {
        var stream = new ItemSizeLimitStream(new MemoryStream(new byte[30]), limit: 10, "An element");
        var buffer = new byte[10];

        for (var i = 0; i < 3; i++)
        {
            Assert.Equal(10, stream.Read(buffer));
            stream.ItemDone();
        }
    }
}
