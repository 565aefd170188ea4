using RefitStj.Demo;

return await DemoApp.RunAsync(args, Console.Out, Console.Error);
