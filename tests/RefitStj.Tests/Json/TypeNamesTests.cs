using RefitStj.Json;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Json;

public sealed class TypeNamesTests
{
    [Theory]
    [InlineData(typeof(Tick), "Tick")]
    [InlineData(typeof(List<Tick>), "List<Tick>")]
    [InlineData(typeof(Dictionary<string, List<int>>), "Dictionary<string, List<int>>")]
    [InlineData(typeof(int?), "int?")]
    [InlineData(typeof(Tick[]), "Tick[]")]
    [InlineData(typeof(int[,]), "int[,]")]
    [InlineData(typeof(object), "object")]
    [InlineData(typeof(DayOfWeek), "DayOfWeek")]
    [InlineData(typeof(IAsyncEnumerable<KeyValuePair<string, DateTime?>>), "IAsyncEnumerable<KeyValuePair<string, DateTime?>>")]
    public void Names_A_Type_As_CSharp_Writes_It(Type type, string expected)
    {
        Assert.Equal(expected, TypeNames.Of(type));
    }
}
