using Contracts;
using Refit;
using RefitStj;

namespace App;

public static class Clients
{
    // Settings the app's own code shows (the context states its format: no RSTJ002): RSTJ001 (Receipt) and RSTJ005 (the converter, reported here: it is written in Contracts).
    public static IShopApi Own(HttpClient http) => RestService.ForGenerated<IShopApi>(http, new RefitSettings(new StjContentSerializer(ShopJsonContext.Default)));

    // Settings from the other project: a public field anyone may change and a method body this project cannot read: unknown.
    public static IShopApi Field(HttpClient http) => RestService.ForGenerated<IShopApi>(http, SharedSettings.Field);

    public static IShopApi Method(HttpClient http) => RestService.ForGenerated<IShopApi>(http, SharedSettings.Create());
}
